// One GET of a feed for the server: http(s) only, public addresses only (the webhooks' guard,
// checked on IP literals here and inside every connection's DNS lookup), each redirect checked
// the same way and at most MAX_REDIRECTS of them, a time limit over the whole read and a size
// cap past which the connection is dropped.
import type { Agent as AgentClass } from 'undici';
import { BlockedAddressError, ipLiteral, isPublicAddress, publicOnlyLookup } from '../webhooks/url-guard';
import { FeedError } from './parse-feed';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const FETCH_LIMITS: FetchLimits = { timeoutMs: 10_000, maxBytes: 1024 * 1024, maxRedirects: 3 };

const agents = new Map<boolean, AgentClass>();

function agentFor({ Agent, allowPrivate }: { Agent: typeof AgentClass; allowPrivate: boolean }): AgentClass {
  let agent = agents.get(allowPrivate);
  if (!agent) {
    agent = new Agent({ connections: 16, ...(allowPrivate ? {} : { connect: { lookup: publicOnlyLookup } }) });
    agents.set(allowPrivate, agent);
  }
  return agent;
}

function checkTarget({ url, allowPrivate }: { url: URL; allowPrivate: boolean }): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedError('The feed address must start with http:// or https://');
  const literal = ipLiteral(url.hostname);
  // Connections to IP literals skip the lookup, so they are checked here.
  if (!allowPrivate && literal && !isPublicAddress(literal)) throw new FeedError(new BlockedAddressError(literal).message);
}

const megabytes = (bytes: number): string => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

function reasonOf({ err, limits }: { err: unknown; limits: FetchLimits }): FeedError {
  if (err instanceof FeedError) return err;
  // The timeout's DOMException may come from another realm than Error (jest), so its name decides.
  const name = typeof err === 'object' && err !== null && 'name' in err ? err.name : undefined;
  if (name === 'TimeoutError' || name === 'AbortError') return new FeedError(`The feed did not answer within ${limits.timeoutMs / 1000} s`);
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return new FeedError(`The feed could not be read: ${cause instanceof Error ? cause.message : String(cause)}`);
}

/** The feed's text; every failure is a FeedError worded for the owner. */
export async function fetchFeed({ url, allowPrivate, limits = FETCH_LIMITS }: { url: string; allowPrivate: boolean; limits?: FetchLimits }): Promise<string> {
  // undici is loaded at the first read, not at start-up (docs/serving.md).
  const { Agent, request } = await import('undici');
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let target = new URL(url);
  try {
    for (let redirects = 0; ; redirects += 1) {
      checkTarget({ url: target, allowPrivate });
      const res = await request(target, {
        method: 'GET',
        dispatcher: agentFor({ Agent, allowPrivate }),
        headers: { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5', 'user-agent': 'Nindo feed reader' },
        signal,
      });
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string') {
        await res.body.dump();
        if (redirects >= limits.maxRedirects) throw new FeedError(`The feed redirected more than ${limits.maxRedirects} times`);
        target = new URL(location, target);
        continue;
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump();
        throw new FeedError(`The feed answered ${res.statusCode}`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        // Leaving the loop closes the body, and with it the connection.
        if (size > limits.maxBytes) throw new FeedError(`The feed is larger than ${megabytes(limits.maxBytes)}`);
        chunks.push(chunk);
      }
      return Buffer.concat(chunks).toString('utf8');
    }
  } catch (err) {
    throw reasonOf({ err, limits });
  }
}

// One HTTPS POST of a signed webhook: no redirects followed (a 3xx is a failure), 15 s
// limit, response body kept up to 4 KB. undici's keep-alive pools are reused across
// deliveries (about twice the throughput of node:https here); they hold connections only.
import { STATUS_CODES } from 'node:http';
import type { Agent as AgentClass, Dispatcher } from 'undici';
import { BlockedAddressError, ipLiteral, isPublicAddress, publicOnlyLookup } from './url-guard';

export const DELIVERY_TIMEOUT_MS = 15_000;
export const RESPONSE_BODY_LIMIT = 4096;
/** Past this much of a response body the connection is dropped rather than drained. */
const DRAIN_LIMIT = 1024 * 1024;

export interface PostResult {
  statusCode: number | null;
  status: string;
  body: string;
  durationMs: number;
}

const agents = new Map<boolean, AgentClass>();

/** allowPrivate (development and tests only) also accepts self-signed certificates. */
function agentFor({ Agent, allowPrivate }: { Agent: typeof AgentClass; allowPrivate: boolean }): AgentClass {
  let agent = agents.get(allowPrivate);
  if (!agent) {
    agent = new Agent({
      connections: 64,
      connect: { rejectUnauthorized: !allowPrivate, ...(allowPrivate ? {} : { lookup: publicOnlyLookup }) },
    });
    agents.set(allowPrivate, agent);
  }
  return agent;
}

async function readLimited(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk);
    size += chunk.length;
    if (size > DRAIN_LIMIT) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8');
}

const reasonOf = (err: unknown): string => {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `Timed out after ${DELIVERY_TIMEOUT_MS / 1000} s`;
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return cause instanceof Error ? cause.message : String(cause);
};

export async function postSigned({
  url,
  headers,
  body,
  allowPrivate,
}: {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
}): Promise<PostResult> {
  const started = Date.now();
  const failure = (status: string): PostResult => ({ statusCode: null, status, body: '', durationMs: Date.now() - started });
  const target = new URL(url);
  if (target.protocol !== 'https:') return failure('Blocked: only https URLs are allowed');
  const literal = ipLiteral(target.hostname);
  // Connections to IP literals skip the lookup, so they are checked here.
  if (!allowPrivate && literal && !isPublicAddress(literal)) return failure(new BlockedAddressError(literal).message);
  try {
    // undici is loaded at the first delivery, not at start-up (docs/serving.md).
    const { Agent, request } = await import('undici');
    const res = await request(target, {
      method: 'POST',
      dispatcher: agentFor({ Agent, allowPrivate }),
      headers,
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const text = await readLimited(res.body);
    return { statusCode: res.statusCode, status: STATUS_CODES[res.statusCode] ?? '', body: text, durationMs: Date.now() - started };
  } catch (err) {
    return failure(reasonOf(err));
  }
}

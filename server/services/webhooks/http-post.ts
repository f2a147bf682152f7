// One HTTPS POST of a signed webhook: no redirects followed (a 3xx is a failure), 15 s
// limit, response body kept up to 4 KB. Keep-alive agents are reused across deliveries;
// they hold connections only, no state.
import { Agent, request } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { BlockedAddressError, ipLiteral, isPublicAddress, publicOnlyLookup } from './url-guard';

export const DELIVERY_TIMEOUT_MS = 15_000;
export const RESPONSE_BODY_LIMIT = 4096;

export interface PostResult {
  statusCode: number | null;
  status: string;
  body: string;
  durationMs: number;
}

const agents = new Map<boolean, Agent>();

/** allowPrivate (development and tests only) also accepts self-signed certificates. */
function agentFor(allowPrivate: boolean): Agent {
  let agent = agents.get(allowPrivate);
  if (!agent) {
    agent = new Agent({
      keepAlive: true,
      maxSockets: 64,
      rejectUnauthorized: !allowPrivate,
      ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
    agents.set(allowPrivate, agent);
  }
  return agent;
}

function readLimited(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk);
      size += chunk.length;
    });
    // 'close' also covers a response cut short by the timeout.
    const done = (): void => resolve(Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'));
    res.on('end', done);
    res.on('error', done);
    res.on('close', done);
  });
}

const failure = (started: number, status: string): PostResult => ({
  statusCode: null,
  status,
  body: '',
  durationMs: Date.now() - started,
});

export function postSigned({
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
  const target = new URL(url);
  if (target.protocol !== 'https:') return Promise.resolve(failure(started, 'Blocked: only https URLs are allowed'));
  const literal = ipLiteral(target.hostname);
  // Connections to IP literals skip the agent's lookup, so they are checked here.
  if (!allowPrivate && literal && !isPublicAddress(literal)) {
    return Promise.resolve(failure(started, new BlockedAddressError(literal).message));
  }
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        agent: agentFor(allowPrivate),
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      },
      (res) => {
        void readLimited(res).then((text) =>
          resolve({
            statusCode: res.statusCode ?? null,
            status: res.statusMessage ?? '',
            body: text,
            durationMs: Date.now() - started,
          }),
        );
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      const reason = err.name === 'AbortError' || err.name === 'TimeoutError' ? `Timed out after ${DELIVERY_TIMEOUT_MS / 1000} s` : err.message;
      resolve(failure(started, reason));
    });
    req.end(body);
  });
}

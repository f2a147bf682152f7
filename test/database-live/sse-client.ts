// A Server-Sent Events reader over node:http, as a browser's EventSource reads a stream: events
// with their id, name and JSON data, heartbeats counted; a stream can be paused (a slow client).
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Express } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LiveEvent {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

export interface LiveStream {
  status: number;
  events: LiveEvent[];
  heartbeats: () => number;
  /** Resolves with the first event (from the start) that `match` accepts. */
  next: (match: (event: LiveEvent) => boolean, timeoutMs?: number) => Promise<LiveEvent>;
  /** Resolves once the server ended the stream. */
  ended: () => Promise<void>;
  clientId: () => string;
  response: IncomingMessage;
  close: () => void;
}

/** The express app on a real port, for streams; close it after. */
export async function listen(app: Express): Promise<{ base: string; server: Server }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function parse(block: string): LiveEvent | 'heartbeat' | undefined {
  const lines = block.split('\n');
  if (lines.every((line) => line.startsWith(':'))) return 'heartbeat';
  const field = (name: string): string | undefined => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
  const event = field('event');
  if (!event) return undefined;
  return { id: field('id'), event, data: JSON.parse(field('data') ?? '{}') as Record<string, unknown> };
}

/** `headers`: more request headers (X-Forwarded-For, for a server that trusts its proxy). */
export function openLive({ base, appId, lastEventId, paused = false, headers: more = {} }: { base: string; appId: string; lastEventId?: string; paused?: boolean; headers?: Record<string, string> }): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...more, ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }) };
    const req = request(`${base}/api/v1/data/${appId}/live`, { headers }, (response) => {
      const events: LiveEvent[] = [];
      let beats = 0;
      let text = '';
      let done = false;
      let held = false;
      const waiters = new Set<() => void>();
      const wake = (): void => waiters.forEach((waiter) => waiter());
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          const parsed = parse(text.slice(0, end));
          text = text.slice(end + 2);
          if (parsed === 'heartbeat') beats += 1;
          else if (parsed) events.push(parsed);
          end = text.indexOf('\n\n');
        }
        if (paused && !held && events.length > 0) {
          held = true;
          response.pause();
        }
        wake();
      });
      const finish = (): void => {
        done = true;
        wake();
      };
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
      const waitFor = <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
        new Promise((ok, fail) => {
          const timer = setTimeout(() => {
            waiters.delete(poll);
            fail(new Error(`${what} did not come within ${timeoutMs} ms; events: ${JSON.stringify(events.map((e) => [e.id, e.event]))}`));
          }, timeoutMs);
          const poll = (): void => {
            const found = check();
            if (found === undefined) return;
            clearTimeout(timer);
            waiters.delete(poll);
            ok(found);
          };
          waiters.add(poll);
          poll();
        });
      const stream: LiveStream = {
        status: response.statusCode ?? 0,
        events,
        heartbeats: () => beats,
        next: (match, timeoutMs = 5000) => waitFor(() => events.find(match), timeoutMs, 'the event'),
        ended: () => waitFor(() => (done ? true : undefined), 10_000, 'the end of the stream').then(() => undefined),
        clientId: () => String(events.find((e) => e.event === 'connect')?.data.clientId ?? ''),
        response,
        close: () => req.destroy(),
      };
      if (stream.status !== 200) {
        response.resume();
        resolve(stream);
        return;
      }
      stream.next((e) => e.event === 'connect').then(() => resolve(stream), reject);
    });
    req.on('error', reject);
    req.end();
  });
}

// The live bench's clients: many Server-Sent Events streams of one app, each subscribed to its
// collection as the app, a writer at a steady rate through the public API, and what the streams
// received: write-to-event latency (by the document's title, in this process's clock) and, by
// sequence, events lost or repeated.
import { request } from 'node:http';
import type { ClientRequest } from 'node:http';

import type { LiveApp } from '../../test/scale-out/live-app';

export type BenchApp = LiveApp;

export interface BenchStream {
  seqs: number[];
  close: () => void;
}

/** Opens `count` streams on `url`, a few at a time, each subscribed; resolves once all are. */
export async function openStreams({ url, app, count, onEvent }: { url: string; app: BenchApp; count: number; onEvent?: (title: string) => void }): Promise<BenchStream[]> {
  const streams: BenchStream[] = [];
  const BATCH = 100;
  for (let start = 0; start < count; start += BATCH) {
    streams.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, count - start) }, () => openStream({ url, app, onEvent })))));
  }
  return streams;
}

function openStream({ url, app, onEvent }: { url: string; app: BenchApp; onEvent?: (title: string) => void }): Promise<BenchStream> {
  return new Promise((resolve, reject) => {
    const seqs: number[] = [];
    let text = '';
    let subscribed = false;
    const req: ClientRequest = request(`${url}/api/v1/data/${app.appId}/live`, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          end = text.indexOf('\n\n');
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1] ?? '{}';
          if (event === 'connect' && !subscribed) {
            subscribed = true;
            const clientId = (JSON.parse(data) as { clientId: string }).clientId;
            void fetch(`${url}/api/v1/data/${app.appId}/live`, {
              method: 'POST',
              headers: { authorization: app.authorization, 'content-type': 'application/json' },
              body: JSON.stringify({ clientId, subscriptions: [{ collection: app.collection }] }),
            }).then((answer) => (answer.ok ? resolve({ seqs, close: () => req.destroy() }) : reject(new Error(`subscribe: ${answer.status}`))), reject);
          } else if (event === 'created') {
            seqs.push(Number(/^id: (\d+)$/m.exec(block)?.[1]));
            const title = /"title":"([^"]+)"/.exec(data)?.[1];
            if (title) onEvent?.(title);
          }
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Per stream, events missing from the run of seqs and events received twice. */
export function lostAndRepeated({ streams, writes }: { streams: BenchStream[]; writes: number }): { lost: number; repeated: number } {
  let lost = 0;
  let repeated = 0;
  for (const { seqs } of streams) {
    const unique = new Set(seqs).size;
    repeated += seqs.length - unique;
    lost += writes - unique;
  }
  return { lost, repeated };
}

/** `share` of 1: the value below which that share of `values` lies. */
export const percentile = (values: number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};

// Catch-up through the SDK (issue 39): one client subscribed through a front (sdk-front.ts) loses
// its network, CHANGES documents are created meanwhile straight on the server, then the network
// returns. The SDK reconnects with Last-Event-ID (its default backoff) and the server replays the
// log: the time from the reconnection reaching the server, and from the network's return, to the
// handler holding the last change, with each change counted once.
import type { BenchRow } from './bench-row';
import type { LiveApp } from '../../test/scale-out/live-app';
import { startFront } from './sdk-front';
import { closeAll, lostAndRepeated, nindoTarget, nindoWriter, openNindoSubscribers, until } from './sdk-subscribers';

/** Creates in flight at once while the client is away. */
const CONCURRENT_WRITES = 20;
/** The longest the client gets to catch up. */
const CATCH_UP_TIMEOUT_MS = 120_000;

async function createMany({ create, count }: { create: (title: string) => Promise<unknown>; count: number }): Promise<string[]> {
  const titles = Array.from({ length: count }, (_, n) => `c${n}`);
  for (let start = 0; start < count; start += CONCURRENT_WRITES) await Promise.all(titles.slice(start, start + CONCURRENT_WRITES).map(create));
  return titles;
}

export async function catchUpRows({ serverUrl, app, changes }: { serverUrl: string; app: LiveApp; changes: number }): Promise<BenchRow[]> {
  const front = await startFront({ backends: [serverUrl] });
  try {
    let lastAt = 0;
    const subscribers = await openNindoSubscribers({ target: nindoTarget({ url: front.url, app }), count: 1, onTitle: () => (lastAt = performance.now()) });
    try {
      front.offline();
      const writtenAt = performance.now();
      const written = await createMany({ create: nindoWriter(nindoTarget({ url: serverUrl, app })), count: changes });
      const writeSeconds = (performance.now() - writtenAt) / 1000;
      front.online();
      const onlineAt = performance.now();
      await until({ subscribers, count: changes, timeoutMs: CATCH_UP_TIMEOUT_MS });
      const reconnectedAt = front.firstAfterOnline() ?? Number.NaN;
      const { lost, repeated } = lostAndRepeated({ subscribers, written });
      const size = changes.toLocaleString('en-US');
      return [
        { name: `sdk catch-up ${size}`, measures: `a client offline while ${size} documents were created (${writeSeconds.toFixed(1)} s): from its reconnection reaching the server to its handler holding the last`, value: lastAt - reconnectedAt, unit: 'ms' },
        { name: `sdk catch-up ${size} from online`, measures: "the same, from the network's return (the SDK's default backoff, 250 ms doubling to 10 s, included)", value: lastAt - onlineAt, unit: 'ms' },
        { name: `sdk catch-up ${size} lost`, measures: 'changes the handler never got', value: lost, unit: 'events', target: { atMost: 0 } },
        { name: `sdk catch-up ${size} repeated`, measures: 'changes the handler got twice', value: repeated, unit: 'events', target: { atMost: 0 } },
      ];
    } finally {
      await closeAll(subscribers);
    }
  } finally {
    await front.close();
  }
}

// The fold runs in the same process as the ingestion: done in one go it held every request queued
// behind it for as long as it took (the events bench's batch p99 tail). It now lets the event loop
// turn between its store writes every few milliseconds (in-slices.ts), whatever the log holds.
import { randomUUID } from 'node:crypto';
import { withTestApp } from '../helpers/test-app';
import { eventCounters } from '../../server/services/widget-analytics/counters';
import { foldEventLog } from '../../server/services/widget-analytics/fold';
import { appendBatch } from '../../server/services/widget-analytics/event-log';

const t = withTestApp();

/** How many turns of the event loop go by while `work` runs. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const turn = (): void => {
    turns += 1;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  await work();
  running = false;
  return turns;
}

it('lets the event loop turn while it raises many counters, and still raises every one', async () => {
  const widgetId = randomUUID();
  const day = t.ctx.now().toISOString().slice(0, 10);
  const hosts = Array.from({ length: 400 }, (_, i) => `site-${i}.example`);
  await appendBatch({ ctx: t.ctx, counts: hosts.map((host) => ({ widgetId, host, day, type: 'impression' as const, subtype: '' as const, count: 2 })) });

  const turns = await turnsDuring(() => foldEventLog({ ctx: t.ctx }));

  // Four hundred writes take several slices on any machine; in one go, no turn went by.
  expect(turns).toBeGreaterThanOrEqual(2);
  const counters = await eventCounters(t.ctx).find({ widgetId });
  expect(counters.map((counter) => counter.count)).toEqual(hosts.map(() => 2));
});

describe('a long log', () => {
  const logBatches = async (widgetId: string, batches: number): Promise<void> => {
    const day = t.ctx.now().toISOString().slice(0, 10);
    // One batch per turn: each lands in a document of its own.
    for (let i = 0; i < batches; i += 1) await appendBatch({ ctx: t.ctx, counts: [{ widgetId, host: 'a.example', day, type: 'view', subtype: '', count: 1 }] });
  };

  it('is leased a page at a time, the event loop turning between pages', async () => {
    const widgetId = randomUUID();
    await logBatches(widgetId, 100);
    let folded = 0;
    const turns = await turnsDuring(async () => {
      folded = await foldEventLog({ ctx: t.ctx });
    });
    expect(folded).toBe(100);
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('is split between two folds running side by side, each document counted once', async () => {
    const widgetId = randomUUID();
    await logBatches(widgetId, 100);
    const folded = await Promise.all([foldEventLog({ ctx: t.ctx }), foldEventLog({ ctx: t.ctx })]);
    expect(folded[0] + folded[1]).toBe(100);
    const [counter] = await eventCounters(t.ctx).find({ widgetId });
    expect(counter.count).toBe(100);
  });
});

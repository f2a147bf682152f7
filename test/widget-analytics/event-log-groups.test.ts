// Batches of the same turn share a log document, but at most MAX_BATCHES_PER_DOCUMENT of them: a
// full group is written and answered at once instead of waiting for the rest of a busy turn.
import { randomUUID } from 'node:crypto';
import { withTestApp } from '../helpers/test-app';
import { appendBatch, eventLog, MAX_BATCHES_PER_DOCUMENT } from '../../server/services/widget-analytics/event-log';

const t = withTestApp();

it('answers a full group of batches before the turn ends, and starts another document for the next', async () => {
  const widgetId = randomUUID();
  const day = t.ctx.now().toISOString().slice(0, 10);
  const answered: string[] = [];
  setImmediate(() => answered.push('turn end'));
  const batches = Array.from({ length: MAX_BATCHES_PER_DOCUMENT + 1 }, (_, i) =>
    appendBatch({ ctx: t.ctx, counts: [{ widgetId, host: `site-${i}.example`, day, type: 'impression', subtype: '', count: 1 }] }).then(() => answered.push(`batch ${i}`)),
  );
  await Promise.all(batches);

  // SQLite writes the full group within the turn; a MongoDB write needs a round trip, which no turn outlasts.
  if (!process.env.MONGODB_URI) expect(answered.indexOf('turn end')).toBe(MAX_BATCHES_PER_DOCUMENT);
  const docs = await eventLog(t.ctx).find({});
  expect(docs.map((doc) => doc.counts.length).sort((a, b) => a - b)).toEqual([1, MAX_BATCHES_PER_DOCUMENT]);
});

// A stream catching up holds at a number missing below the tail, as the tail does: a feed opened
// at the newest stored seq may not yet see the numbers under it (one insert's entries land one by
// one), and a catch-up that passed them left its client a hole (issue 39, the kill -9 bench).
import request from 'supertest';
import { basic, dataApp } from '../database-public/fixtures';
import { createDocument } from '../../server/services/database/documents';
import { changeLog } from '../../server/services/database/live/model';
import type { ChangeDoc } from '../../server/services/database/live/model';
import { openLive } from './sse-client';
import { liveApp, subscribe } from './live-app';

const { t, base } = liveApp({ gapHoldMs: 1500 });

const seqsOf = (events: { id?: string; event: string }[]): number[] => events.filter((e) => e.event === 'created').map((e) => Number(e.id));

async function appWithSeven(): Promise<{ appId: string; appSecret: string; sixth: ChangeDoc }> {
  const { appId, appSecret } = await dataApp({ app: t.app, ctx: t.ctx });
  for (let n = 1; n <= 7; n += 1) await createDocument({ ctx: t.ctx, appId, name: 'products', input: { title: `Item ${n}` }, view: 'public' });
  const sixth = (await changeLog(t.ctx).findOne({ appId, seq: 6 })) as ChangeDoc;
  return { appId, appSecret, sixth };
}

it('a resumed stream gets a number stored late below the tail in order, not a hole', async () => {
  const { appId, appSecret, sixth } = await appWithSeven();
  // 6 is not there yet as the stream opens (its writer is still storing it).
  await changeLog(t.ctx).deleteOne({ _id: sixth._id });
  const stream = await openLive({ base: base(), appId, lastEventId: '0' });
  await subscribe({ t, appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }], via: (path) => request(t.app).post(path).set('Authorization', basic(appId, appSecret)) }).expect(200);
  await stream.next((e) => e.id === '5');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(seqsOf(stream.events)).toEqual([1, 2, 3, 4, 5]);
  await changeLog(t.ctx).insertOne(sixth);
  await stream.next((e) => e.id === '7');
  expect(seqsOf(stream.events)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  stream.close();
});

it('a number that never comes is given up after the hold, and a second stream passes it at once', async () => {
  const { appId, appSecret, sixth } = await appWithSeven();
  await changeLog(t.ctx).deleteOne({ _id: sixth._id });
  const via = (path: string) => request(t.app).post(path).set('Authorization', basic(appId, appSecret));
  const first = await openLive({ base: base(), appId, lastEventId: '0' });
  await subscribe({ t, appId, clientId: first.clientId(), subscriptions: [{ collection: 'products' }], via }).expect(200);
  const started = performance.now();
  await first.next((e) => e.id === '7', 5000);
  expect(performance.now() - started).toBeGreaterThanOrEqual(1400);
  expect(seqsOf(first.events)).toEqual([1, 2, 3, 4, 5, 7]);
  const second = await openLive({ base: base(), appId, lastEventId: '3' });
  const again = performance.now();
  await subscribe({ t, appId, clientId: second.clientId(), subscriptions: [{ collection: 'products' }], via }).expect(200);
  await second.next((e) => e.id === '7', 5000);
  expect(performance.now() - again).toBeLessThan(1000);
  expect(seqsOf(second.events)).toEqual([4, 5, 7]);
  first.close();
  second.close();
});

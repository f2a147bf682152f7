// A batch of 100 creates, each with a list of 200 relations (780 kB, issue 36 item 3), cannot hold
// the server: its relations are looked up once for the whole batch, not once per operation, and
// other requests are served between its operations, so /api/health keeps answering beside it.
// Past the bound on the relation ids a batch names, a 400 naming it, and nothing written.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { withTestApp } from '../helpers/test-app';
import { calmestOf } from '../helpers/health-while';
import { findCollection } from '../../server/services/database/collections';
import { documentStore } from '../../server/services/database/model';
import type { DbDocument } from '../../server/services/database/model';
import { BATCH_MAX_RELATION_IDS } from '../../server/services/database/public/batch-limits';
import { addCollection, basic, dataApp, setAccess } from './fixtures';
import type { DataApp } from './fixtures';

const t = withTestApp({ scope: 'file' });
let a: DataApp;
let server: Server;
let base: string;
const TARGETS = 200;
const OPERATIONS = 100;
const ids = Array.from({ length: TARGETS }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const ANYONE = { kind: 'anyone' } as const;
/** Related records of 10 kB (a description, rich text): reading them once per operation is what held the thread. */
const TARGET_TEXT = 'x'.repeat(10_000);

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx, collection: 'targets', fields: [{ name: 'title', displayName: 'Title', type: 'text' }] });
  await addCollection({ owner: a.owner, appId: a.appId, collection: 'sets', fields: [{ name: 'items', displayName: 'Items', type: 'array', subtype: 'relation', relation: 'targets' }] });
  for (const collection of ['targets', 'sets']) await setAccess({ owner: a.owner, appId: a.appId, collection, access: { rules: { list: ANYONE, view: ANYONE, create: ANYONE, update: ANYONE, delete: ANYONE } } });
  const { _id } = await findCollection({ ctx: t.ctx, appId: a.appId, name: 'targets' });
  const now = t.ctx.now().toISOString();
  await documentStore(t.ctx, _id).insertMany(ids.map((id): DbDocument => ({ _id: id, _created: now, _updated: now, title: `Target ${id} ${TARGET_TEXT}` })));
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Warm: the first answer of an operation compiles its validators and projection.
  expect((await batch([{ action: 'create', collection: 'sets', body: { items: ids.slice(0, 2) } }])).status).toBe(200);
}, 120_000);
afterAll(() => new Promise((resolve) => server.close(resolve)));

const batch = (operations: object[]): Promise<Response> =>
  fetch(`${base}/api/v1/data/${a.appId}/batch`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: basic(a.appId, a.appSecret) }, body: JSON.stringify({ operations }) });

/**
 * The longest /api/health check while `pending` is out. Not the median (healthWhile): a batch
 * held the thread once, for all its operations, so one check waited while every other one
 * answered at once. Before this fix (with the filter compilation already linear) the least of
 * three such measures was 355-490 ms here; since, 26-81 ms.
 */
async function longestCheckWhile(pending: Promise<unknown>): Promise<number> {
  let settled = false;
  const watched = pending.finally(() => {
    settled = true;
  });
  let longest = 0;
  do {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.json();
    expect(res.status).toBe(200);
    longest = Math.max(longest, performance.now() - started);
  } while (!settled);
  await watched;
  return longest;
}

/** Wide: this machine stalls even an idle process by 100-700 ms now and then (the least of three measures is taken). */
const HELD_MS = 200;

const setsStored = async (): Promise<number> => documentStore(t.ctx, (await findCollection({ ctx: t.ctx, appId: a.appId, name: 'sets' }))._id).count({});

it(`stores ${OPERATIONS} creates of ${TARGETS} relations each (780 kB) while every /api/health check answers within ${HELD_MS} ms`, async () => {
  const operations = Array.from({ length: OPERATIONS }, () => ({ action: 'create', collection: 'sets', body: { items: ids } }));
  expect(JSON.stringify({ operations }).length).toBeGreaterThan(780_000);
  const health = await calmestOf(async () => {
    const before = await setsStored();
    const answered = batch(operations).then(async (res) => ({ status: res.status, results: ((await res.json()) as { data: { results: unknown[] } }).data.results.length }));
    const measured = await longestCheckWhile(answered);
    expect(await answered).toEqual({ status: 200, results: OPERATIONS });
    expect(await setsStored()).toBe(before + OPERATIONS);
    return measured;
  });
  expect(health).toBeLessThan(HELD_MS);
}, 120_000);

it(`refuses a batch naming more than ${BATCH_MAX_RELATION_IDS.toLocaleString('en-US')} related ids in all with a 400 naming the bound, writing nothing`, async () => {
  const per = Math.floor(BATCH_MAX_RELATION_IDS / OPERATIONS) + 1;
  const operations = Array.from({ length: OPERATIONS }, (_, op) => ({ action: 'create', collection: 'sets', body: { items: Array.from({ length: per }, (_, i) => `r${op}-${i}`) } }));
  const before = await setsStored();
  const res = await batch(operations);
  const carried = (OPERATIONS * per).toLocaleString('en-US');
  const message = `A batch may name at most ${BATCH_MAX_RELATION_IDS.toLocaleString('en-US')} related document ids in all; this one names ${carried}`;
  expect({ status: res.status, body: await res.json() }).toMatchObject({ status: 400, body: { message, fieldErrors: { operations: message } } });
  expect(await setsStored()).toBe(before);
});

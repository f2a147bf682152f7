// Fuzz (fast-check) of issue 28's isolation: two stores run any sequence of operations (create,
// list with a filter and cursor pages, count, get, update, delete, expand, batch, and updates that
// hand their own record to the other store, issue 36 item 10) on a collection whose rules reach
// the caller's own records only, and no answer to one store ever holds a record of the other; its
// records' ids get 404 from every path, and a batch that deletes then updates a record is refused
// whole (issue 36 item 12).
import fc from 'fast-check';
import type { Response } from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { addCollection, dataApp, documentsPath, setAccess } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import { allRules, callersOf } from './callers';
import type { Callers } from './callers';

const t = withTestApp({ scope: 'file' });
let data: DataApp;
let callers: Callers;
type Store = 'store A' | 'store B';
const owned: Record<Store, Set<string>> = { 'store A': new Set(), 'store B': new Set() };
const other = (store: Store): Store => (store === 'store A' ? 'store B' : 'store A');
const ownerId = (store: Store): string => (store === 'store A' ? callers.storeA : callers.storeB);

beforeAll(async () => {
  data = await dataApp({ app: t.app, ctx: t.ctx, collection: 'notes', fields: [{ name: 'title', displayName: 'Title', type: 'text' }, { name: 'published', displayName: 'Published', type: 'boolean' }, { name: 'tenant', displayName: 'Tenant', type: 'text' }] });
  callers = await callersOf({ app: t.app, ctx: t.ctx, data });
  await addCollection({ owner: data.owner, appId: data.appId, collection: 'links', fields: [{ name: 'note', displayName: 'Note', type: 'relation', relation: 'notes' }] });
  await setAccess({ owner: data.owner, appId: data.appId, collection: 'links', access: { rules: allRules({ kind: 'anyone' }) } });
});

/** Every record an answer holds, expanded ones too. */
function recordsIn(value: unknown): Array<{ _id: string; _owner?: string }> {
  if (Array.isArray(value)) return value.flatMap(recordsIn);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own = typeof record._id === 'string' && typeof record._created === 'string' ? [record as { _id: string; _owner?: string }] : [];
  return [...own, ...Object.values(record).flatMap(recordsIn)];
}

function expectNoLeak(store: Store, res: Response): void {
  for (const record of recordsIn(res.body)) {
    expect(owned[other(store)].has(record._id)).toBe(false);
    if (record._owner !== undefined) expect(record._owner).not.toBe(ownerId(other(store)));
  }
}

const pick = (store: Store, index: number): string => {
  const ids = [...owned[store]];
  return ids.length > 0 ? ids[index % ids.length] : 'none';
};

type Op = { store: Store; kind: string; index: number; published: boolean; query: number };
const QUERIES = (op: Op): string[] => ['{}', '{"published":true}', `{"_owner":"${ownerId(other(op.store))}"}`, `{"$or":[{"published":true},{"_owner":"${ownerId(other(op.store))}"}]}`];

async function run(op: Op): Promise<void> {
  const { store } = op;
  const notes = documentsPath(data.appId, 'notes');
  const call = callers.call.bind(null, store);
  const theirs = pick(other(store), op.index);
  const query = encodeURIComponent(QUERIES(op)[op.query % 4]);
  const answers: Response[] = [];
  switch (op.kind) {
    case 'create': {
      const res = await call('post', notes).send({ title: 'note', published: op.published, tenant: ownerId(store) }).expect(201);
      owned[store].add(res.body.data._id);
      await callers.call('the app', 'post', documentsPath(data.appId, 'links')).send({ note: res.body.data._id }).expect(201);
      answers.push(res);
      break;
    }
    case 'list': {
      let cursor = '';
      for (let page = 0; page < 3; page += 1) {
        const res = await call('get', `${notes}?limit=2&query=${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`).expect(200);
        answers.push(res);
        if (!res.body.data.nextCursor) break;
        cursor = res.body.data.nextCursor;
      }
      break;
    }
    case 'count': {
      const res = await call('get', `/api/v1/data/${data.appId}/collections/notes/count?query=${query}`).expect(200);
      expect(res.body.data.count).toBeLessThanOrEqual(owned[store].size);
      break;
    }
    case 'get':
      answers.push(await call('get', `${notes}/${theirs}`).expect(404), await call('get', `${notes}/${pick(store, op.index)}`));
      break;
    case 'update':
      answers.push(await call('put', `${notes}/${theirs}`).send({ title: 'taken' }).expect(404));
      break;
    case 'delete':
      answers.push(await call('delete', `${notes}/${theirs}`).expect(404));
      break;
    case 'expand':
      answers.push(await call('get', `${documentsPath(data.appId, 'links')}?limit=100&expand=note`).expect(200));
      break;
    case 'batch': {
      const operations = [
        { action: 'update', collection: 'notes', id: theirs, body: { title: 'taken' } },
        { action: 'delete', collection: 'notes', id: theirs },
      ];
      answers.push(await call('post', `/api/v1/data/${data.appId}/batch`).send({ operations: [operations[op.index % 2]] }).expect(404));
      break;
    }
    case 'plant': {
      // Refused (403) where the tenant is the rule; elsewhere allowed, and then still not the other's.
      const mine = pick(store, op.index);
      if (mine === 'none') break;
      const body = { tenant: ownerId(other(store)) };
      const res = op.published ? await call('put', `${notes}/${mine}`).send(body) : await call('post', `/api/v1/data/${data.appId}/batch`).send({ operations: [{ action: 'update', collection: 'notes', id: mine, body }] });
      expect([200, 403]).toContain(res.status);
      answers.push(res);
      break;
    }
    case 'delete then update': {
      const mine = pick(store, op.index);
      if (mine === 'none') break;
      const operations = [
        { action: 'delete', collection: 'notes', id: mine },
        { action: 'update', collection: 'notes', id: mine, body: { title: 'back' } },
      ];
      const res = await call('post', `/api/v1/data/${data.appId}/batch`).send({ operations }).expect(404);
      expect(res.body.message).toBe('Operation 2: Document not found');
      answers.push(await call('get', `${notes}/${mine}`).expect(200));
      break;
    }
  }
  for (const res of answers) expectNoLeak(store, res);
}

async function startEmpty(): Promise<void> {
  const notes = documentsPath(data.appId, 'notes');
  for (;;) {
    const items = (await callers.call('the app', 'get', `${notes}?limit=100`).expect(200)).body.data.items as Array<{ _id: string }>;
    if (items.length === 0) break;
    for (const { _id } of items) await callers.call('the app', 'delete', `${notes}/${_id}`).expect(200);
  }
  for (const ids of Object.values(owned)) ids.clear();
}

const op = fc.record({
  store: fc.constantFrom<Store>('store A', 'store B'),
  kind: fc.constantFrom('create', 'create', 'list', 'count', 'get', 'update', 'delete', 'expand', 'batch', 'plant', 'delete then update'),
  index: fc.nat(50),
  published: fc.boolean(),
  query: fc.nat(3),
});

it.each([
  ['the owner rule', allRules({ kind: 'owner' })],
  ['a filter on @caller', { ...allRules({ kind: 'filter', filter: '{"_owner":"@caller"}' }), create: { kind: 'users' as const } }],
  ['a filter on a tenant field', allRules({ kind: 'filter', filter: '{"tenant":"@caller"}' })],
])('answers no record of one store to the other under %s, over any sequence of operations', async (_name, rules) => {
  await setAccess({ owner: data.owner, appId: data.appId, collection: 'notes', access: { rules } });
  // Each rule set starts empty: a record one store handed the other under a rule that does not look at the tenant is the other's under one that does.
  await startEmpty();
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
      for (const each of ops) await run(each);
    }),
    { numRuns: 15 },
  );
}, 240_000);

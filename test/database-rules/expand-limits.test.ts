// `expand` has a cost bound (issue 36, item 2): an answer carries at most EXPAND_MAX_RECORDS
// related records (each counted where it appears, at every level) and EXPAND_MAX_BYTES of them;
// past either it is a 400 naming the bound, sent before the reads past it, while /api/health keeps
// answering. Before, 100 records of 10 relations expanded two levels deep, each related record
// holding 20, answered 19 MB in seconds and held the server meanwhile.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calmestOf, HEALTHY_MS, healthWhile } from '../helpers/health-while';
import { withTestApp } from '../helpers/test-app';
import { addCollection, basic, dataApp, documentsPath, setAccess } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import { findCollection } from '../../server/services/database/collections';
import { documentStore } from '../../server/services/database/model';
import type { DbDocument } from '../../server/services/database/model';
import { EXPAND_MAX_BYTES, EXPAND_MAX_RECORDS, EXPAND_MESSAGES } from '../../server/services/database/public/expand-public';
import { allRules } from './callers';

const t = withTestApp({ scope: 'file' });
let a: DataApp;
let server: Server;
let base: string;

const LEAVES = 400;
const MIDS = 200;
const list = (relation: string, name = relation) => ({ name, displayName: name, type: 'array', subtype: 'relation', relation });

async function seed({ collection, docs }: { collection: string; docs: Record<string, unknown>[] }): Promise<void> {
  const { _id } = await findCollection({ ctx: t.ctx, appId: a.appId, name: collection });
  const now = t.ctx.now().toISOString();
  await documentStore(t.ctx, _id).insertMany(docs.map((doc, i) => ({ _id: `${collection}-${String(i).padStart(4, '0')}`, _created: now, _updated: now, ...doc }) as DbDocument));
}
const idOf = (collection: string, n: number): string => `${collection}-${String(n).padStart(4, '0')}`;

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx, collection: 'leaves', fields: [{ name: 'title', displayName: 'Title', type: 'text' }] });
  await addCollection({ owner: a.owner, appId: a.appId, collection: 'bigs', fields: [{ name: 'body', displayName: 'Body', type: 'text' }] });
  await addCollection({ owner: a.owner, appId: a.appId, collection: 'mids', fields: [{ name: 'title', displayName: 'Title', type: 'text' }, list('leaves')] });
  await addCollection({ owner: a.owner, appId: a.appId, collection: 'tops', fields: [{ name: 'title', displayName: 'Title', type: 'text' }, list('mids'), list('bigs')] });
  for (const collection of ['leaves', 'bigs', 'mids', 'tops']) await setAccess({ owner: a.owner, appId: a.appId, collection, access: { rules: allRules({ kind: 'anyone' }) } });
  await seed({ collection: 'leaves', docs: Array.from({ length: LEAVES }, (_, n) => ({ title: `Leaf ${n} ${'l'.repeat(900)}` })) });
  await seed({ collection: 'bigs', docs: Array.from({ length: 20 }, (_, n) => ({ body: `${n} ${'b'.repeat(5000)}` })) });
  // Each mid holds 20 leaves; each top 10 mids and 5 big records: the shape.
  await seed({ collection: 'mids', docs: Array.from({ length: MIDS }, (_, n) => ({ title: `Mid ${n}`, leaves: Array.from({ length: 20 }, (_, k) => idOf('leaves', (n * 20 + k) % LEAVES)) })) });
  await seed({
    collection: 'tops',
    docs: Array.from({ length: 100 }, (_, n) => ({ title: `Top ${n}`, mids: Array.from({ length: 10 }, (_, k) => idOf('mids', (n * 10 + k) % MIDS)), bigs: Array.from({ length: 5 }, (_, k) => idOf('bigs', (n + k) % 20)) })),
  });
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Warm: the first answer of an operation compiles its validators and projection.
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
  expect((await fetch(`${base}${documentsPath(a.appId, 'tops')}?limit=1&expand=mids`, { headers: { Authorization: basic(a.appId, a.appSecret) } })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  message: string;
  bytes: number;
  /** Related records answered, by collection, each where it appears. */
  expanded: Record<string, number>;
}

const appearances = (text: string, collection: string): number => text.split(`"_id":"${collection}-`).length - 1;

async function expandTops({ expand, limit = 100 }: { expand: string; limit?: number }): Promise<Answer> {
  const res = await fetch(`${base}${documentsPath(a.appId, 'tops')}?limit=${limit}&expand=${expand}`);
  const text = await res.text();
  return { status: res.status, message: (JSON.parse(text) as { message: string }).message, bytes: text.length, expanded: { mids: appearances(text, 'mids'), leaves: appearances(text, 'leaves'), bigs: appearances(text, 'bigs') } };
}

it.each([
  { scenario: '100 rows of 10 relations, two levels deep, each holding 20 (21,000 related records)', expand: 'mids.leaves', message: EXPAND_MESSAGES.tooMany('mids.leaves') },
  { scenario: 'the same as two names', expand: 'mids,mids.leaves', message: EXPAND_MESSAGES.tooMany('mids,mids.leaves') },
  { scenario: `500 related records of 5 kB (past ${EXPAND_MAX_BYTES.toLocaleString('en-US')} bytes)`, expand: 'bigs', message: EXPAND_MESSAGES.tooBig('bigs') },
])('refuses $scenario with a 400 naming the bound, five at once, while /api/health answers within 100 ms', async ({ expand, message }) => {
  const health = await calmestOf(async () => {
    const answers = Promise.all(Array.from({ length: 5 }, () => expandTops({ expand })));
    const measured = await healthWhile({ base, pending: answers });
    expect((await answers).map(({ status, message: said }) => ({ status, said }))).toEqual(Array.from({ length: 5 }, () => ({ status: 400, said: message })));
    return measured;
  });
  expect(health).toBeLessThan(HEALTHY_MS);
});

it.each([
  { scenario: `at the records' bound: 100 rows of 10 relations (${EXPAND_MAX_RECORDS.toLocaleString('en-US')})`, expand: 'mids', limit: 100, expanded: { mids: 1000, leaves: 0, bigs: 0 } },
  { scenario: 'a smaller page two levels deep: 4 rows of 10 relations holding 20 (840)', expand: 'mids.leaves', limit: 4, expanded: { mids: 40, leaves: 800, bigs: 0 } },
  { scenario: 'fewer big records: 40 of 5 kB', expand: 'bigs', limit: 8, expanded: { mids: 0, leaves: 0, bigs: 40 } },
])('answers $scenario', async ({ expand, limit, expanded }) => {
  const answer = await expandTops({ expand, limit });
  expect({ status: answer.status, expanded: answer.expanded }).toEqual({ status: 200, expanded });
});

it('names the bounds in the message, with what to do', () => {
  expect(EXPAND_MESSAGES.tooMany('mids.leaves')).toBe(
    'Cannot expand mids.leaves: the answer would carry more than 1,000 related records (each counted where it appears); ask for a smaller limit or fewer relations in expand',
  );
  expect(EXPAND_MESSAGES.tooBig('bigs')).toBe('Cannot expand bigs: the related records would come to more than 1,048,576 bytes; ask for a smaller limit or fewer relations in expand');
});

// A stranger's pattern cannot hold the server (issue 18): catastrophic patterns over long values,
// and a plain pattern no index serves over 100,000 documents, ten at once from an anonymous
// caller, while /api/health keeps answering within 100 ms, as it does for twenty conditions no
// index serves (issue 36); a pattern the engine cannot run is a 400 naming the construct on every
// list that takes a JSON query.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calmestOf, HEALTHY_MS, healthWhile as healthBeside } from '../helpers/health-while';
import { withTestApp } from '../helpers/test-app';
import { findCollection } from '../../server/services/database/collections';
import { documentStore } from '../../server/services/database/model';
import type { DbDocument } from '../../server/services/database/model';
import { addCollection, dataApp, documentsPath, setAccess } from './fixtures';
import type { DataApp } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'nindo-hostile-patterns-'));
// A file, not memory: the SQLite engine then scans on its worker's own connection to it.
const t = withTestApp({ scope: 'file', config: { sqlitePath: join(dir, 'data.sqlite') } });
let a: DataApp;
let server: Server;
let base: string;

const FIELDS = [
  { name: 'title', displayName: 'Title', type: 'text' },
  { name: 'rank', displayName: 'Rank', type: 'number' },
];
const SHORT = 'a'.repeat(30);
const LONG = 'a'.repeat(20_000);
const MANY = 100_000;

async function seed({ collection, titles }: { collection: string; titles: string[] }): Promise<void> {
  const { _id } = await findCollection({ ctx: t.ctx, appId: a.appId, name: collection });
  const now = t.ctx.now().toISOString();
  const docs: DbDocument[] = titles.map((title, i) => ({ _id: `${collection}-${String(i).padStart(6, '0')}`, _created: now, _updated: now, title }));
  await documentStore(t.ctx, _id).insertMany(docs);
}

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx, collection: 'notes', fields: FIELDS });
  await addCollection({ owner: a.owner, appId: a.appId, collection: 'many', fields: FIELDS });
  for (const collection of ['notes', 'many']) await setAccess({ owner: a.owner, appId: a.appId, collection, access: { read: 'public', write: 'owner' } });
  await seed({ collection: 'notes', titles: [`${SHORT}!`, `${LONG}!`, `${SHORT}c`, LONG] });
  await seed({ collection: 'many', titles: Array.from({ length: MANY }, (_, n) => `Note ${n} about the garden`) });
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Warm: the first answer of an operation compiles its validators and projection (a quarter of a
  // second for the owner's create), and the first scan starts the worker.
  for (const url of [`${base}/api/health`, listUrl('notes', { title: { $regex: 'b+' } })]) expect((await fetch(url)).status).toBe(200);
  await a.owner.post(`/integrations/developer/apps/${a.appId}/db/collection/notes/document`).send({ title: 'Warm', rank: 'x' }).expect(400);
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

// encodeURIComponent, not URLSearchParams: a '+' for a space is a reserved character to the validator.
const listUrl = (collection: string, query: object): string => `${base}${documentsPath(a.appId, collection)}?limit=10&query=${encodeURIComponent(JSON.stringify(query))}`;

const healthWhile = (pending: Promise<unknown>): Promise<number> => healthBeside({ base, pending });

type Answer = { status: 200; total: number } | { status: number; message: string };

/** Ten anonymous lists of `query` at once: what they answered, and how long health checks took meanwhile. */
async function tenAtOnce({ collection, query }: { collection: string; query: object }): Promise<{ answers: Answer[]; health: number }> {
  const lists = Promise.all(
    Array.from({ length: 10 }, async (): Promise<Answer> => {
      const res = await fetch(listUrl(collection, query));
      const body = (await res.json()) as { data: { total: number } | null; message: string };
      return res.status === 200 && body.data ? { status: 200, total: body.data.total } : { status: res.status, message: body.message };
    }),
  );
  const health = await healthWhile(lists);
  return { answers: await lists, health };
}

it.each<[string, number]>([
  ['(a+)+$', 1],
  ['(a|a)+$', 1],
  ['(a*)*c', 1],
])('answers %s over long values ten times at once while /api/health answers within 100 ms', async (pattern, total) => {
  const health = await calmestOf(async () => {
    const measured = await tenAtOnce({ collection: 'notes', query: { title: { $regex: pattern } } });
    expect(measured.answers).toEqual(Array.from({ length: 10 }, () => ({ status: 200, total })));
    return measured.health;
  });
  expect(health).toBeLessThan(HEALTHY_MS);
});

// The number field reads numeric text (a CSV cell, the portal's form) with a pattern of its own:
// "\d+\.?\d*" took 9.5 s on 30,000 digits. The public API's schema refuses text there first.
it("refuses ten numbers of 30,000 digits and a letter at once on the owner's documents while /api/health answers within 100 ms", async () => {
  const health = await calmestOf(async () => {
    const writes = Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await a.owner.post(`/integrations/developer/apps/${a.appId}/db/collection/notes/document`).send({ title: 'Long number', rank: `${'1'.repeat(30_000)}x` });
        return { status: res.status, message: (res.body as { message: string }).message };
      }),
    );
    const measured = await healthWhile(writes);
    expect(await writes).toEqual(Array.from({ length: 10 }, () => ({ status: 400, message: 'Rank must be a number' })));
    return measured;
  });
  expect(health).toBeLessThan(HEALTHY_MS);
});

it('scans 100,000 documents for a plain pattern no index serves, ten times at once, while /api/health answers within 100 ms', async () => {
  const answered = { status: 200, total: 0 };
  // FerretDB scanning ten at once may pass maxTimeMS: the server stops those scans, as it should.
  const stopped = { status: 400, message: 'The query took longer than 5000 ms and was stopped: narrow it with a condition on an indexed field' };
  const health = await calmestOf(async () => {
    const measured = await tenAtOnce({ collection: 'many', query: { title: { $regex: 'about the gardens' } } });
    for (const answer of measured.answers) expect(t.ctx.store.engine === 'sqlite' ? [answered] : [answered, stopped]).toContainEqual(answer);
    return measured.health;
  });
  expect(health).toBeLessThan(HEALTHY_MS);
}, 120_000);

// No pattern, but no index either (issue 36): twenty conditions on fields without one test every
// document, for the page (a walk of the default order's index that never fills it) and the count.
it('scans 100,000 documents for twenty conditions no index serves, ten times at once, while /api/health answers within 100 ms', async () => {
  const query = { $or: Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? { rank: { $gt: i } } : { title: { $lt: `A${i}` } })) };
  const answered = { status: 200, total: 0 };
  const stopped = { status: 400, message: 'The query took longer than 5000 ms and was stopped: narrow it with a condition on an indexed field' };
  const health = await calmestOf(async () => {
    const measured = await tenAtOnce({ collection: 'many', query });
    for (const answer of measured.answers) expect(t.ctx.store.engine === 'sqlite' ? [answered] : [answered, stopped]).toContainEqual(answer);
    return measured.health;
  });
  expect(health).toBeLessThan(HEALTHY_MS);
}, 120_000);

describe('a pattern the engine cannot run is a 400 naming the construct', () => {
  const refusal = (named: string): string => `The query is not allowed: title: $regex cannot use ${named}: patterns run in linear time, without backreferences or lookaround`;

  it.each<[string, string, string]>([
    ['a backreference', '(a)\\1', 'a backreference (\\1)'],
    ['a lookahead', 'a(?=!)', 'a lookahead (?=...)'],
    ['a negative lookbehind', '(?<!a)!', 'a negative lookbehind (?<!...)'],
  ])('on the public list and count: %s', async (_name, pattern, named) => {
    const query = JSON.stringify({ title: { $regex: pattern } });
    for (const path of [documentsPath(a.appId, 'notes'), `/api/v1/data/${a.appId}/collections/notes/count`]) {
      const res = await fetch(`${base}${path}?query=${encodeURIComponent(query)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message: refusal(named), fieldErrors: { 'query.query': refusal(named) } });
    }
  });

  it("on the owner's documents", async () => {
    const res = await a.owner.get(`/integrations/developer/apps/${a.appId}/db/collection/notes/document`).query({ query: JSON.stringify({ title: { $regex: '(?<=a)!' } }) }).expect(400);
    expect(res.body.message).toBe(refusal('a lookbehind (?<=...)'));
  });

  it("on the app's users", async () => {
    const res = await a.owner.get(`/integrations/developer/apps/${a.appId}/users`).query({ query: JSON.stringify({ accountName: { $regex: '(?<n>x)\\k<n>' } }) }).expect(400);
    expect(res.body.message).toBe(refusal('a named backreference (\\k<name>)').replace('title:', 'accountName:'));
  });

  it('over 512 characters', async () => {
    const res = await fetch(listUrl('notes', { title: { $regex: 'a'.repeat(513) } }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The query is not allowed: title: $regex is 513 characters long; at most 512 are allowed');
  });
});

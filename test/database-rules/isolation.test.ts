// The isolation table of issue 28: each kind of rule (set on all five of a collection's rules)
// against six callers on every path of the public API: list, count, get, cursor pages, update,
// delete, expand (from another collection) and batch. Three records: one store A created, one
// store B created (published), one the app created.
import type { Response } from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { addCollection, dataApp, documentsPath, setAccess } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import { allRules, CALLER_NAMES, callersOf, ruleOf, RULE_KINDS } from './callers';
import type { CallerName, Callers, RuleKind } from './callers';

const t = withTestApp({ scope: 'file' });
let data: DataApp;
let callers: Callers;

const NOTE_FIELDS = [
  { name: 'title', displayName: 'Title', type: 'text', validation: { required: true } },
  { name: 'published', displayName: 'Published', type: 'boolean' },
];
type Note = 'by A' | 'by B' | 'by the app';
const ids: Record<Note, string> = { 'by A': '', 'by B': '', 'by the app': '' };
const ALL: Note[] = ['by A', 'by B', 'by the app'];

/** What each caller reaches under each kind: a refusal's status, or the notes it sees. */
const REACHES: Record<RuleKind, Record<CallerName, number | Note[]>> = {
  locked: { anonymous: 401, 'store A': 403, 'store B': 403, 'the app': ALL, "the owner's session": ALL, "a stranger's session": 401 },
  anyone: { anonymous: ALL, 'store A': ALL, 'store B': ALL, 'the app': ALL, "the owner's session": ALL, "a stranger's session": ALL },
  users: { anonymous: 401, 'store A': ALL, 'store B': ALL, 'the app': ALL, "the owner's session": ALL, "a stranger's session": 401 },
  owner: { anonymous: 401, 'store A': ['by A'], 'store B': ['by B'], 'the app': ALL, "the owner's session": ALL, "a stranger's session": 401 },
  filter: { anonymous: ['by B'], 'store A': ['by A', 'by B'], 'store B': ['by B'], 'the app': ALL, "the owner's session": ALL, "a stranger's session": ['by B'] },
};

const notes = (): string => documentsPath(data.appId, 'notes');
const nameOf = (id: string): Note | undefined => ALL.find((note) => ids[note] === id);
const sorted = (list: Note[]): Note[] => [...list].sort();
/** Per note: 200 when seen, 404 when not, or the refusal's status. */
const statusFor = (reach: number | Note[], note: Note): number => (typeof reach === 'number' ? reach : reach.includes(note) ? 200 : 404);

beforeAll(async () => {
  data = await dataApp({ app: t.app, ctx: t.ctx, collection: 'notes', fields: NOTE_FIELDS });
  callers = await callersOf({ app: t.app, ctx: t.ctx, data });
  await addCollection({ owner: data.owner, appId: data.appId, collection: 'links', fields: [{ name: 'note', displayName: 'Note', type: 'relation', relation: 'notes' }] });
  await setAccess({ owner: data.owner, appId: data.appId, collection: 'links', access: { rules: allRules({ kind: 'anyone' }) } });
  await setAccess({ owner: data.owner, appId: data.appId, collection: 'notes', access: { rules: allRules({ kind: 'users' }) } });
  ids['by A'] = (await callers.call('store A', 'post', notes()).send({ title: 'A note', published: false }).expect(201)).body.data._id;
  ids['by B'] = (await callers.call('store B', 'post', notes()).send({ title: 'B note', published: true }).expect(201)).body.data._id;
  ids['by the app'] = (await callers.call('the app', 'post', notes()).send({ title: 'App note', published: false }).expect(201)).body.data._id;
  for (const note of ALL) await callers.call('the app', 'post', documentsPath(data.appId, 'links')).send({ note: ids[note] }).expect(201);
});

describe.each(RULE_KINDS)('every rule %s', (kind) => {
  beforeAll(() => setAccess({ owner: data.owner, appId: data.appId, collection: 'notes', access: { rules: allRules(ruleOf(kind)) } }));
  const cases = CALLER_NAMES.map((caller) => [caller, REACHES[kind][caller]] as const);

  it.each(cases)('list: %s gets %p', async (caller, reach) => {
    const res = await callers.call(caller, 'get', `${notes()}?limit=100`).expect(typeof reach === 'number' ? reach : 200);
    if (typeof reach !== 'number') expect(sorted(res.body.data.items.map((doc: { _id: string }) => nameOf(doc._id)))).toEqual(sorted(reach));
  });

  it.each(cases)('count: %s counts %p', async (caller, reach) => {
    const res = await callers.call(caller, 'get', `/api/v1/data/${data.appId}/collections/notes/count`).expect(typeof reach === 'number' ? reach : 200);
    if (typeof reach !== 'number') expect(res.body.data.count).toBe(reach.length);
  });

  it.each(cases)('get: %s reads %p', async (caller, reach) => {
    for (const note of ALL) await callers.call(caller, 'get', `${notes()}/${ids[note]}`).expect(statusFor(reach, note));
  });

  it.each(cases)('cursor pages: %s walks %p', async (caller, reach) => {
    if (typeof reach === 'number') return void (await callers.call(caller, 'get', `${notes()}?limit=1`).expect(reach));
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let pages = 0; cursor !== null && pages < 5; pages += 1) {
      const page: Response = await callers.call(caller, 'get', `${notes()}?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`).expect(200);
      seen.push(...page.body.data.items.map((doc: { _id: string }) => doc._id));
      cursor = page.body.data.nextCursor;
    }
    expect(sorted(seen.map((id) => nameOf(id) as Note))).toEqual(sorted(reach));
  });

  it.each(cases)('update: %s changes %p', async (caller, reach) => {
    for (const note of ALL) await callers.call(caller, 'put', `${notes()}/${ids[note]}`).send({ title: `Seen by ${caller}` }).expect(statusFor(reach, note));
  });

  it.each(cases)('delete: %s deletes %p and nothing else', async (caller, reach) => {
    const victims = {} as Record<Note, string>;
    const owners: Record<Note, string | undefined> = { 'by A': callers.storeA, 'by B': callers.storeB, 'by the app': undefined };
    for (const note of ALL) {
      const body = { title: 'Victim', published: note === 'by B', ...(owners[note] ? { _owner: owners[note] } : {}) };
      victims[note] = (await callers.call('the app', 'post', notes()).send(body).expect(201)).body.data._id;
    }
    for (const note of ALL) await callers.call(caller, 'delete', `${notes()}/${victims[note]}`).expect(statusFor(reach, note));
    for (const note of ALL) {
      const left = await callers.call('the app', 'get', `${notes()}/${victims[note]}`);
      expect(left.status).toBe(statusFor(reach, note) === 200 ? 404 : 200);
      if (left.status === 200) await callers.call('the app', 'delete', `${notes()}/${victims[note]}`).expect(200);
    }
  });

  it.each(cases)('expand from links: %s is answered %p', async (caller, reach) => {
    const res = await callers.call(caller, 'get', `${documentsPath(data.appId, 'links')}?expand=note&limit=100`).expect(200);
    const expanded = res.body.data.items.flatMap((link: { expand: { note?: { _id: string } } }) => (link.expand.note ? [nameOf(link.expand.note._id)] : []));
    expect(sorted(expanded)).toEqual(typeof reach === 'number' ? [] : sorted(reach));
  });

  it.each(cases)('batch: %s updates %p', async (caller, reach) => {
    for (const note of ALL) {
      const operations = [{ action: 'update', collection: 'notes', id: ids[note], body: { title: 'Batched' } }];
      const res = await callers.call(caller, 'post', `/api/v1/data/${data.appId}/batch`).send({ operations }).expect(statusFor(reach, note));
      if (res.status === 404) expect(res.body.message).toBe('Operation 1: Document not found');
    }
  });
});

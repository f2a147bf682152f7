// The isolation table of issue 28: each kind of rule (set on all five of a collection's rules)
// against six callers on every path of the public API: list, count, get, cursor pages, update,
// delete, expand (from another collection), relations (from another collection: a record the
// caller may not view is refused as a missing one, issue 36 item 11) and batch. Three records: one
// store A created, one store B created (published), one the app created. Then writes that would
// move a record where the writer's rules do not reach (issue 36 item 10). Last, another app's ids,
// streams and versions (issue 39): a chosen _id, a clientId and an If-Match stay within their app.
import request from 'supertest';
import type { Response } from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { closeHub } from '../../server/services/database/live/hub';
import { LIVE_MESSAGES } from '../../server/services/database/live/subscriptions';
import { listen, openLive } from '../database-live/sse-client';
import { addCollection, basic, dataApp, documentsPath, setAccess, withAuth } from '../database-public/fixtures';
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
  await addCollection({ owner: data.owner, appId: data.appId, collection: 'pointers', fields: [{ name: 'note', displayName: 'Note', type: 'relation', relation: 'notes' }] });
  for (const collection of ['links', 'pointers']) await setAccess({ owner: data.owner, appId: data.appId, collection, access: { rules: allRules({ kind: 'anyone' }) } });
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

  it.each(cases)('relations: %s may point at %p, and any other note is refused as a missing one', async (caller, reach) => {
    const pointers = documentsPath(data.appId, 'pointers');
    const batch = `/api/v1/data/${data.appId}/batch`;
    const pointer = (await callers.call('the app', 'post', pointers).send({}).expect(201)).body.data._id;
    const missing = (id: string): string => `Note: document ${id} not found in notes`;
    const writes = (note: string) => [
      { path: 'create', send: () => callers.call(caller, 'post', pointers).send({ note }), prefix: '' },
      { path: 'update', send: () => callers.call(caller, 'put', `${pointers}/${pointer}`).send({ note }), prefix: '' },
      { path: 'batch create', send: () => callers.call(caller, 'post', batch).send({ operations: [{ action: 'create', collection: 'pointers', body: { note } }] }), prefix: 'Operation 1: ' },
      { path: 'batch update', send: () => callers.call(caller, 'post', batch).send({ operations: [{ action: 'update', collection: 'pointers', id: pointer, body: { note } }] }), prefix: 'Operation 1: ' },
    ];
    const answers = async (note: string): Promise<Array<[string, number, string | undefined]>> => {
      const out: Array<[string, number, string | undefined]> = [];
      for (const write of writes(note)) {
        const res = await write.send();
        out.push([write.path, res.status, res.status === 409 ? res.body.message.replace(note, '<id>') : undefined]);
      }
      return out;
    };
    const refused = writes('').map((write): [string, number, string] => [write.path, 409, `${write.prefix}${missing('<id>')}`]);
    expect(await answers('00000000-0000-4000-8000-000000000000')).toEqual(refused);
    for (const note of ALL) {
      const seen = typeof reach !== 'number' && reach.includes(note);
      expect(await answers(ids[note])).toEqual(seen ? writes('').map((write) => [write.path, write.path.endsWith('create') ? (write.prefix ? 200 : 201) : 200, undefined]) : refused);
    }
  });

  it.each(cases)('batch: %s updates %p', async (caller, reach) => {
    for (const note of ALL) {
      const operations = [{ action: 'update', collection: 'notes', id: ids[note], body: { title: 'Batched' } }];
      const res = await callers.call(caller, 'post', `/api/v1/data/${data.appId}/batch`).send({ operations }).expect(statusFor(reach, note));
      if (res.status === 404) expect(res.body.message).toBe('Operation 1: Document not found');
    }
  });
});

// Issue 36 item 10: the update rule holds for the record as the write leaves it, as PocketBase's
// `@request.body` checks do, so a store cannot plant a record in another's view.
describe('a write that would move a record out of its writer\'s rules', () => {
  const TENANT_RULE = { kind: 'filter' as const, filter: '{"tenant":"@caller"}' };
  const tenanted = (): string => documentsPath(data.appId, 'tenanted');
  const batch = (): string => `/api/v1/data/${data.appId}/batch`;
  let recordOfB = '';
  /** What store A's list holds that store B created. */
  const plantedInA = async (): Promise<string[]> =>
    (await callers.call('store A', 'get', `${tenanted()}?limit=100`).expect(200)).body.data.items.filter((doc: { _owner?: string }) => doc._owner === callers.storeB).map((doc: { _id: string }) => doc._id);

  beforeAll(async () => {
    await addCollection({ owner: data.owner, appId: data.appId, collection: 'tenanted', fields: [{ name: 'title', displayName: 'Title', type: 'text' }, { name: 'tenant', displayName: 'Tenant', type: 'text' }] });
    await setAccess({ owner: data.owner, appId: data.appId, collection: 'tenanted', access: { rules: allRules(TENANT_RULE) } });
  });
  beforeEach(async () => {
    recordOfB = (await callers.call('store B', 'post', tenanted()).send({ title: 'B', tenant: callers.storeB }).expect(201)).body.data._id;
  });
  afterEach(async () => {
    const left = (await callers.call('the app', 'get', `${tenanted()}?limit=100`).expect(200)).body.data.items as Array<{ _id: string }>;
    for (const doc of left) await callers.call('the app', 'delete', `${tenanted()}/${doc._id}`).expect(200);
  });

  const UPDATE_REFUSED = "The collection's update rule does not allow this document as the update leaves it";
  const CREATE_REFUSED = "The collection's create rule does not allow this document";
  it.each<[string, CallerName, 'put' | 'batch update' | 'create' | 'batch create', (c: Callers) => object, number, string | undefined, boolean]>([
    ['store B gives its record to store A by PUT', 'store B', 'put', (c) => ({ tenant: c.storeA }), 403, UPDATE_REFUSED, false],
    ['store B gives its record to store A by batch', 'store B', 'batch update', (c) => ({ tenant: c.storeA }), 403, `Operation 1: ${UPDATE_REFUSED}`, false],
    ['store B creates a record for store A', 'store B', 'create', (c) => ({ title: 'B', tenant: c.storeA }), 403, CREATE_REFUSED, false],
    ['store B creates a record for store A by batch', 'store B', 'batch create', (c) => ({ title: 'B', tenant: c.storeA }), 403, `Operation 1: ${CREATE_REFUSED}`, false],
    ['store B clears the tenant of its record', 'store B', 'put', () => ({ tenant: null }), 403, UPDATE_REFUSED, false],
    ['store B changes its record within its rules', 'store B', 'put', () => ({ title: 'Still B' }), 200, undefined, false],
    ['store B changes its record within its rules by batch', 'store B', 'batch update', () => ({ title: 'Still B' }), 200, undefined, false],
    ['the app gives store B\'s record to store A (it passes every rule)', 'the app', 'put', (c) => ({ tenant: c.storeA }), 200, undefined, true],
  ])('%s', async (_name, caller, how, body, status, message, seenByA) => {
    const sent = body(callers);
    const res =
      how === 'put'
        ? await callers.call(caller, 'put', `${tenanted()}/${recordOfB}`).send(sent)
        : how === 'create'
          ? await callers.call(caller, 'post', tenanted()).send(sent)
          : await callers.call(caller, 'post', batch()).send({ operations: [how === 'batch create' ? { action: 'create', collection: 'tenanted', body: sent } : { action: 'update', collection: 'tenanted', id: recordOfB, body: sent }] });
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toBe(message);
    expect(await plantedInA()).toEqual(seenByA ? [recordOfB] : []);
    const stored = (await callers.call('the app', 'get', `${tenanted()}/${recordOfB}`).expect(200)).body.data;
    expect(stored.tenant).toBe(seenByA ? callers.storeA : callers.storeB);
  });
});

// Issue 39's inputs name records and streams: a chosen _id, a subscription's clientId and an
// If-Match version are each read within the app (and collection) the path names, never another's.
describe("another app's ids, streams and versions", () => {
  let other: DataApp;
  let otherNote = '';
  const otherCall = (method: 'get' | 'post' | 'put', path: string) => withAuth(request(t.app)[method](path), basic(other.appId, other.appSecret));
  const theirNotes = (): string => documentsPath(other.appId, 'notes');

  beforeAll(async () => {
    other = await dataApp({ app: t.app, ctx: t.ctx, collection: 'notes', fields: NOTE_FIELDS });
    otherNote = (await otherCall('post', theirNotes()).send({ title: 'Theirs' }).expect(201)).body.data._id;
    // Version 3 there, so a version of theirs is one this app's records have not reached.
    for (const title of ['Theirs 2', 'Theirs 3']) await otherCall('put', `${theirNotes()}/${otherNote}`).send({ title }).expect(200);
  });

  it("a chosen _id equal to another app's document id, or to one of another collection, is stored beside it, and each reads its own", async () => {
    await callers.call('the app', 'post', notes()).send({ _id: otherNote, title: 'Ours' }).expect(201);
    await callers.call('the app', 'post', documentsPath(data.appId, 'links')).send({ _id: otherNote }).expect(201);
    expect((await callers.call('the app', 'get', `${notes()}/${otherNote}`).expect(200)).body.data).toMatchObject({ _id: otherNote, title: 'Ours', _version: 1 });
    expect((await callers.call('the app', 'get', `${documentsPath(data.appId, 'links')}/${otherNote}`).expect(200)).body.data).not.toHaveProperty('title');
    expect((await otherCall('get', `${theirNotes()}/${otherNote}`).expect(200)).body.data).toMatchObject({ title: 'Theirs 3', _version: 3 });
    await callers.call('the app', 'delete', `${notes()}/${otherNote}`).expect(200);
    await callers.call('the app', 'delete', `${documentsPath(data.appId, 'links')}/${otherNote}`).expect(200);
    expect((await otherCall('get', `${theirNotes()}/${otherNote}`).expect(200)).body.data.title).toBe('Theirs 3');
  });

  it("If-Match with another app's record version is judged against this app's record: 412 with it, and neither record changes", async () => {
    const ours = (await callers.call('the app', 'post', notes()).send({ title: 'Ours' }).expect(201)).body.data._id;
    const stale = await callers.call('the app', 'put', `${notes()}/${ours}`).set('If-Match', '"3"').send({ title: 'Taken' }).expect(412);
    expect(stale.body.data).toMatchObject({ _id: ours, title: 'Ours', _version: 1 });
    // Their record's id and version through this app's path: no such record here.
    await callers.call('the app', 'put', `${notes()}/${otherNote}`).set('If-Match', '"3"').send({ title: 'Taken' }).expect(404);
    await callers.call('the app', 'delete', `${notes()}/${otherNote}`).set('If-Match', '"3"').expect(404);
    // This app's credentials on their path, with their version: refused (403) before the record is read.
    await callers.call('the app', 'put', `${theirNotes()}/${otherNote}`).set('If-Match', '"3"').send({ title: 'Taken' }).expect(403);
    expect((await otherCall('get', `${theirNotes()}/${otherNote}`).expect(200)).body.data).toMatchObject({ title: 'Theirs 3', _version: 3 });
    await callers.call('the app', 'delete', `${notes()}/${ours}`).expect(200);
  });

  it("another app's stream cannot be subscribed by its clientId through this app, nor subscribed there with this app's credentials, and carries none of its records", async () => {
    const { base, server } = await listen(t.app);
    const theirs = await openLive({ base, appId: other.appId, headers: { authorization: basic(other.appId, other.appSecret) } });
    try {
      const live = (appId: string) => `/api/v1/data/${appId}/live`;
      const subscriptions = [{ id: 'notes', collection: 'notes' }];
      const viaThisApp = await callers.call('the app', 'post', live(data.appId)).send({ clientId: theirs.clientId(), subscriptions }).expect(404);
      expect(viaThisApp.body.message).toBe(LIVE_MESSAGES.clientNotFound);
      await callers.call('the app', 'post', live(other.appId)).send({ clientId: theirs.clientId(), subscriptions }).expect(403);
      const read = await openLive({ base, appId: other.appId, headers: { authorization: basic(data.appId, data.appSecret) } });
      // Opening a stream asks no credentials (EventSource sends none): it is a client of its own, which this app's credentials cannot subscribe there.
      expect({ status: read.status, same: read.clientId() === theirs.clientId() }).toEqual({ status: 200, same: false });
      await callers.call('the app', 'post', live(other.appId)).send({ clientId: read.clientId(), subscriptions }).expect(403);
      read.close();
      // Their stream still carries their records only, unsubscribed by this app: it gets none of ours.
      await otherCall('post', live(other.appId)).send({ clientId: theirs.clientId(), subscriptions }).expect(200);
      await callers.call('the app', 'post', notes()).send({ title: 'Ours again' }).expect(201);
      const fence = (await otherCall('post', theirNotes()).send({ title: 'Their fence' }).expect(201)).body.data._id;
      await theirs.next((e) => (e.data.document as { _id?: string } | undefined)?._id === fence);
      expect(theirs.events.filter((e) => e.event === 'created').map((e) => (e.data.document as { title: string }).title)).toEqual(['Their fence']);
    } finally {
      theirs.close();
      closeHub({ store: t.ctx.store, reason: 'test over' });
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

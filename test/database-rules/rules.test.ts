// Saving rules (each filter checked as the server runs it, the older read/write mapped), who owns
// a record (`_owner`), a create its rule refuses, and the Settings tab's "try as".
import { withTestApp } from '../helpers/test-app';
import { dataApp, documentsPath, setAccess } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import { allRules, callersOf, PUBLISHED_OR_OWN } from './callers';
import type { Callers } from './callers';

const t = withTestApp({ scope: 'file' });
let data: DataApp;
let callers: Callers;

const FIELDS = [
  { name: 'title', displayName: 'Title', type: 'text', validation: { required: true } },
  { name: 'published', displayName: 'Published', type: 'boolean' },
  { name: 'pin', displayName: 'Pin', type: 'password' },
];
const accessPath = (): string => `/integrations/developer/apps/${data.appId}/db/collection/notes/access`;
const notes = (): string => documentsPath(data.appId, 'notes');

beforeAll(async () => {
  data = await dataApp({ app: t.app, ctx: t.ctx, collection: 'notes', fields: FIELDS });
  callers = await callersOf({ app: t.app, ctx: t.ctx, data });
});

describe('saving rules', () => {
  it.each([
    ['an unknown field', '{"colour":"red"}', 'unknown field colour'],
    ['a password field', '{"pin":"1234"}', 'unknown field pin'],
    ['an unknown variable', '{"_owner":"@user"}', 'unknown variable @user (only @caller)'],
    ['an operator outside the grammar', '{"title":{"$where":"1"}}', 'Unsupported query operator $where (on "title")'],
    ['a top-level operator outside the grammar', '{"$expr":{}}', 'Unsupported query operator $expr'],
    ['text that is not JSON', '{published:true}', 'the filter is not valid JSON'],
  ])('refuses %s, naming it', async (_name, filter, problem) => {
    const rules = { ...allRules({ kind: 'locked' }), view: { kind: 'filter' as const, filter } };
    const res = await data.owner.put(accessPath()).send({ rules }).expect(400);
    expect(res.body.message).toBe(`The view rule is not valid: ${problem}`);
    expect(res.body.fieldErrors).toEqual({ 'rules.view.filter': problem });
  });

  it('saves a filter that names the caller, and answers read and write only when the rules are such a pair', async () => {
    const rules = { ...allRules({ kind: 'owner' }), list: { kind: 'filter' as const, filter: PUBLISHED_OR_OWN } };
    const saved = await data.owner.put(accessPath()).send({ rules }).expect(200);
    expect(saved.body.data).toEqual({ rules, origins: [], documentWebhooks: false });
    await data.owner.put(accessPath()).send({ read: 'public', write: 'owner' }).expect(200);
    const read = await data.owner.get(accessPath()).expect(200);
    expect(read.body.data).toMatchObject({ read: 'public', write: 'owner', rules: { list: { kind: 'anyone' }, create: { kind: 'locked' } } });
  });

  it('keeps the other half when only read is sent', async () => {
    await data.owner.put(accessPath()).send({ rules: { ...allRules({ kind: 'locked' }), create: { kind: 'owner' } } }).expect(200);
    const res = await data.owner.put(accessPath()).send({ read: 'authenticated' }).expect(200);
    expect(res.body.data.rules).toEqual({ list: { kind: 'users' }, view: { kind: 'users' }, create: { kind: 'owner' }, update: { kind: 'locked' }, delete: { kind: 'locked' } });
  });
});

describe('who owns a record', () => {
  beforeAll(() => setAccess({ owner: data.owner, appId: data.appId, collection: 'notes', access: { rules: allRules({ kind: 'owner' }) } }));

  it('is the store that created it, whatever its body says', async () => {
    const res = await callers.call('store A', 'post', notes()).send({ title: 'Mine', _owner: callers.storeB }).expect(201);
    expect(res.body.data._owner).toBe(callers.storeA);
    const changed = await callers.call('store A', 'put', `${notes()}/${res.body.data._id}`).send({ _owner: callers.storeB }).expect(200);
    expect(changed.body.data._owner).toBe(callers.storeA);
    await callers.call('store B', 'get', `${notes()}/${res.body.data._id}`).expect(404);
  });

  it('may be set and changed by the app for a store, and taken back with null', async () => {
    const created = await callers.call('the app', 'post', notes()).send({ title: 'Given', _owner: callers.storeA }).expect(201);
    const id = created.body.data._id as string;
    await callers.call('store A', 'get', `${notes()}/${id}`).expect(200);
    await callers.call('the app', 'put', `${notes()}/${id}`).send({ _owner: callers.storeB }).expect(200);
    await callers.call('store A', 'get', `${notes()}/${id}`).expect(404);
    await callers.call('store B', 'get', `${notes()}/${id}`).expect(200);
    const taken = await callers.call('the app', 'put', `${notes()}/${id}`).send({ _owner: null }).expect(200);
    expect(taken.body.data).not.toHaveProperty('_owner');
    await callers.call('store B', 'get', `${notes()}/${id}`).expect(404);
  });

  it('must be a user of the app', async () => {
    const res = await callers.call('the app', 'post', notes()).send({ title: 'Nobody', _owner: 'no-such-user' }).expect(409);
    expect(res.body.fieldErrors).toEqual({ _owner: 'no-such-user is not a user of this app' });
  });
});

it('answers 403 to a create its rule refuses, and 201 to one it allows', async () => {
  const rules = { ...allRules({ kind: 'users' }), create: { kind: 'filter' as const, filter: '{"published":false}' } };
  await setAccess({ owner: data.owner, appId: data.appId, collection: 'notes', access: { rules } });
  const refused = await callers.call('store A', 'post', notes()).send({ title: 'Loud', published: true }).expect(403);
  expect(refused.body.message).toBe("The collection's create rule does not allow this document");
  await callers.call('store A', 'post', notes()).send({ title: 'Quiet', published: false }).expect(201);
});

describe('try as', () => {
  const tryPath = (): string => `${accessPath()}/try`;

  it('answers what each caller would list under rules not yet saved', async () => {
    await setAccess({ owner: data.owner, appId: data.appId, collection: 'notes', access: { rules: allRules({ kind: 'locked' }) } });
    await callers.call('the app', 'post', notes()).send({ title: 'Public one', published: true }).expect(201);
    await callers.call('the app', 'post', notes()).send({ title: 'For A', published: false, _owner: callers.storeA }).expect(201);
    const rules = { ...allRules({ kind: 'locked' }), list: { kind: 'filter' as const, filter: PUBLISHED_OR_OWN } };
    const anonymous = await data.owner.post(tryPath()).send({ as: 'anonymous', rules }).expect(200);
    expect(anonymous.body.data.items.every((doc: { published?: boolean }) => doc.published === true)).toBe(true);
    const storeA = await data.owner.post(tryPath()).send({ as: `user:${callers.storeA}`, rules }).expect(200);
    expect(storeA.body.data.items.map((doc: { title: string }) => doc.title)).toContain('For A');
    expect(storeA.body.data.total).toBeGreaterThan(anonymous.body.data.total);
    const app = await data.owner.post(tryPath()).send({ as: 'app' }).expect(200);
    expect(app.body.data.total).toBeGreaterThanOrEqual(storeA.body.data.total);
    const saved = await data.owner.post(tryPath()).send({ as: 'anonymous' }).expect(200);
    expect(saved.body.data).toEqual({ items: [], total: 0 });
  });

  it('checks the rules as a save does, and knows the app\'s users only', async () => {
    const rules = { ...allRules({ kind: 'locked' }), list: { kind: 'filter' as const, filter: '{"nope":1}' } };
    expect((await data.owner.post(tryPath()).send({ as: 'anonymous', rules }).expect(400)).body.message).toBe('The list rule is not valid: unknown field nope');
    expect((await data.owner.post(tryPath()).send({ as: 'user:someone-else' }).expect(404)).body.message).toBe('App user not found');
  });

  it('is the owner\'s alone', async () => {
    await callers.call("a stranger's session", 'post', tryPath()).send({ as: 'app' }).expect(404);
    await callers.call('anonymous', 'post', tryPath()).send({ as: 'app' }).expect(401);
  });
});

import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { appUsers, charges, subscriptions } from '../../server/services/developer/model';
import { collections } from '../../server/services/webhooks/model';
import { billedUser, ownerWithApp, usersPath } from './fixtures';
import type { Billed, Owner } from './fixtures';

const t = withTestApp({ scope: 'file' });
let owner: Owner;
let billed: Billed;
let n = 0;

beforeAll(async () => {
  owner = await ownerWithApp({ t });
  await owner.agent.post(`/integrations/developer/apps/${owner.appId}/webhooks`).send({ url: 'https://hooks.example.com/in' }).expect(201);
});

// A user of their own per test, in one app for the file.
beforeEach(async () => {
  n += 1;
  billed = await billedUser({ ctx: t.ctx, appId: owner.appId, n });
});

const userPath = (rest = ''): string => usersPath(owner.appId, `/${billed.user._id}${rest}`);
const eventsOf = async (type: string) =>
  (await collections(t.ctx.store).events.find({ appId: owner.appId, type })).map((e) => JSON.parse(e.body).data).filter((d) => d.id === billed.user._id);

describe('one app user', () => {
  it('reads the user with their notes', async () => {
    const res = await owner.agent.get(userPath()).expect(200);
    expect(res.body.data).toMatchObject({ id: billed.user._id, accountName: `Store ${n}`, accountEmail: `store${n}@shops.example`, platform: 'stripe', platformUserId: `p-${n}`, notes: [] });
  });

  it.each([
    ['an unknown user', '/nobody'],
    ['a user of another app', '/other-app-user-1'],
  ])('answers 404 App user not found for %s', async (_case, rest) => {
    const res = await owner.agent.get(usersPath(owner.appId, rest)).expect(404);
    expect(res.body).toEqual({ success: false, data: null, message: 'App user not found', requestId: expect.any(String) });
  });

  it('edits the name and email, says so and sends app_user.updated', async () => {
    const res = await owner.agent.put(userPath()).send({ accountName: '  Renamed Store ', accountEmail: 'new@shops.example' }).expect(200);
    expect(res.body.message).toBe('User details updated successfully');
    expect(res.body.data).toMatchObject({ accountName: 'Renamed Store', accountEmail: 'new@shops.example' });
    expect((await appUsers(t.ctx).findOne({ _id: billed.user._id }))?.accountName).toBe('Renamed Store');
    expect(await eventsOf('app_user.updated')).toEqual([{ id: billed.user._id, accountName: 'Renamed Store', accountEmail: 'new@shops.example', platform: 'stripe', platformUserId: `p-${n}` }]);
  });

  it.each([
    ['missing', { accountEmail: 'a@b.example' }],
    ['blank', { accountName: '   ' }],
  ])('refuses a %s name with Missing user name', async (_case, body) => {
    const res = await owner.agent.put(userPath()).send(body).expect(400);
    expect(res.body).toEqual({ success: false, data: null, message: 'Missing user name', fieldErrors: { accountName: 'Missing user name' }, requestId: expect.any(String) });
  });

  it('refuses an email that is not one, naming the field by its title', async () => {
    const res = await owner.agent.put(userPath()).send({ accountName: 'A', accountEmail: 'nope' }).expect(400);
    expect(res.body.fieldErrors).toEqual({ accountEmail: 'Email must be a valid email' });
  });

  it('deletes the user with their subscriptions and charges and sends app_user.deleted', async () => {
    const res = await owner.agent.delete(userPath()).expect(200);
    expect(res.body).toEqual({ success: true, data: null, message: 'User deleted' });
    await owner.agent.get(userPath()).expect(404);
    expect(await subscriptions(t.ctx).count({ appUserId: billed.user._id })).toBe(0);
    expect(await charges(t.ctx).count({ appUserId: billed.user._id })).toBe(0);
    expect(await eventsOf('app_user.deleted')).toMatchObject([{ id: billed.user._id, accountName: `Store ${n}` }]);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    await request(t.app).get(userPath()).expect(401);
  });
});

describe('notes', () => {
  it('adds, edits and deletes a note', async () => {
    const created = await owner.agent.post(userPath('/notes')).send({ title: ' Called them ', description: 'Wants yearly billing' }).expect(201);
    expect(created.body).toMatchObject({ message: 'Note added', data: { title: 'Called them', description: 'Wants yearly billing' } });
    const noteId = created.body.data.id as string;
    const updated = await owner.agent.put(userPath(`/notes/${noteId}`)).send({ title: 'Called back' }).expect(200);
    expect(updated.body).toMatchObject({ message: 'Note updated', data: { id: noteId, title: 'Called back' } });
    expect((await owner.agent.get(userPath()).expect(200)).body.data.notes).toEqual([{ id: noteId, title: 'Called back' }]);
    const deleted = await owner.agent.delete(userPath(`/notes/${noteId}`)).expect(200);
    expect(deleted.body).toEqual({ success: true, data: null, message: 'Note deleted' });
    expect((await owner.agent.get(userPath()).expect(200)).body.data.notes).toEqual([]);
  });

  it.each([
    ['post', '/notes', { description: 'no title' }],
    ['post', '/notes', { title: ' ' }],
  ] as const)('refuses a note without a title: %s %s %j', async (method, rest, body) => {
    const res = await owner.agent[method](userPath(rest)).send(body).expect(400);
    expect(res.body).toMatchObject({ message: 'Missing note title', fieldErrors: { title: 'Missing note title' } });
  });

  it('refuses an edit that blanks the title', async () => {
    const created = await owner.agent.post(userPath('/notes')).send({ title: 'Keep' }).expect(201);
    const res = await owner.agent.put(userPath(`/notes/${created.body.data.id}`)).send({ title: '' }).expect(400);
    expect(res.body.message).toBe('Missing note title');
  });

  it.each(['put', 'delete'] as const)('answers 404 Note not found to %s of an unknown note', async (method) => {
    const res = await owner.agent[method](userPath('/notes/nope')).send({ title: 'x' }).expect(404);
    expect(res.body.message).toBe('Note not found');
  });
});

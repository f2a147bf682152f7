import { withTestApp } from '../helpers/test-app';
import { appUsers } from '../../server/services/developer/model';
import { appUser, ownerWithApp, usersPath } from './fixtures';
import type { Owner } from './fixtures';

const t = withTestApp({ scope: 'file' });
let owner: Owner;

beforeAll(async () => {
  owner = await ownerWithApp({ t });
  const users = Array.from({ length: 30 }, (_, i) => appUser({ appId: owner.appId, n: i + 1, platform: i % 3 === 0 ? 'wix' : 'nindo' }));
  users[4] = { ...users[4], accountEmail: 'Anna@Shops.example' };
  await appUsers(t.ctx).insertMany(users);
  // Another app's user must never show.
  await appUsers(t.ctx).insertOne(appUser({ appId: 'other-app', n: 99, accountEmail: 'anna@other.example' }));
});

const list = (params: Record<string, string | number> = {}) =>
  owner.agent.get(usersPath(owner.appId)).query(params);

describe('listing app users', () => {
  it('answers the newest 20 first with the page numbers', async () => {
    const res = await list().expect(200);
    expect(res.body.data).toMatchObject({ total: 30, page: 1, pages: 2, limit: 20 });
    expect(res.body.data.docs).toHaveLength(20);
    expect(res.body.data.docs[0]).toMatchObject({ id: `${owner.appId}-user-30`, accountName: 'Store 30', platform: 'nindo', notes: [] });
    expect(res.body.data.docs[0]).not.toHaveProperty('installId');
  });

  it('pages and sorts as asked', async () => {
    const res = await list({ page: 2, limit: 5, sort: JSON.stringify({ created: 1 }) }).expect(200);
    expect(res.body.data.docs.map((u: { accountName: string }) => u.accountName)).toEqual(['Store 6', 'Store 7', 'Store 8', 'Store 9', 'Store 10']);
    expect(res.body.data).toMatchObject({ page: 2, pages: 6, limit: 5 });
  });

  it('searches an email case-insensitively and only in this app', async () => {
    const res = await list({ query: JSON.stringify({ accountEmail: { $regex: 'anna', $options: 'i' } }) }).expect(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.docs[0].accountEmail).toBe('Anna@Shops.example');
  });

  it('filters by an exact id and by operators', async () => {
    const byId = await list({ query: JSON.stringify({ id: `${owner.appId}-user-7` }) }).expect(200);
    expect(byId.body.data.docs.map((u: { accountName: string }) => u.accountName)).toEqual(['Store 7']);
    const wix = await list({ query: JSON.stringify({ $or: [{ platform: 'wix' }, { accountName: { $in: ['Store 2'] } }] }), limit: 100 }).expect(200);
    expect(wix.body.data.total).toBe(11);
  });

  it('cannot widen the query to another app', async () => {
    const res = await list({ query: JSON.stringify({ appId: 'other-app' }) }).expect(400);
    expect(res.body.message).toBe('The query uses a field that cannot be searched: appId');
  });

  it.each([
    ['query that is not JSON', { query: '{accountEmail' }, 'The query is not valid JSON', 'query.query'],
    ['query that is an array', { query: '[1]' }, 'The query must be a JSON object', 'query.query'],
    ['forbidden operator', { query: JSON.stringify({ accountName: { $where: 'x' } }) }, 'The query is not allowed: Unsupported query operator $where (on "accountName")', 'query.query'],
    ['top-level operator', { query: JSON.stringify({ $text: { $search: 'a' } }) }, 'The query is not allowed: Unsupported query operator $text', 'query.query'],
    ['bad regular expression', { query: JSON.stringify({ accountName: { $regex: '(' } }) }, 'The query is not allowed: accountName: invalid regular expression /(/: missing ): (', 'query.query'],
    ['internal field', { query: JSON.stringify({ installId: 'install-1' }) }, 'The query uses a field that cannot be searched: installId', 'query.query'],
    ['internal field inside $or', { query: JSON.stringify({ $or: [{ platform: 'wix' }, { installId: 'x' }] }) }, 'The query uses a field that cannot be searched: installId', 'query.query'],
    ['list field', { query: JSON.stringify({ 'notes.title': 'x' }) }, 'The query uses a field that cannot be searched: notes.title', 'query.query'],
    ['sort that is not JSON', { sort: 'created' }, 'The sort is not valid JSON', 'query.sort'],
    ['sort on an internal field', { sort: JSON.stringify({ installId: 1 }) }, 'The sort uses a field that cannot be sorted on: installId', 'query.sort'],
    ['sort direction other than 1 or -1', { sort: JSON.stringify({ created: 'desc' }) }, 'The sort direction of created must be 1 or -1', 'query.sort'],
  ])('refuses a %s with 400', async (_case, params, message, field) => {
    const res = await list(params).expect(400);
    expect(res.body).toEqual({ success: false, data: null, message, fieldErrors: { [field]: message }, requestId: expect.any(String) });
  });
});

import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/accounts';

const ANN = 'ann@example.com';
const BOB = 'bob@example.com';

describe('POST /api/user (profile)', () => {
  const t = withTestApp();

  it('updates the full name, thumbnail and email choices and answers the updated user', async () => {
    const agent = await signedInUser({ t, email: ANN });
    const res = await agent.post('/api/user').send({ fullName: '  Ann Smith ', thumbnail: '/api/user/file/abc', isSubscribe: false, subscribed: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Account details updated' });
    expect(res.body.data).toMatchObject({ email: ANN, fullName: 'Ann Smith', thumbnail: '/api/user/file/abc', isSubscribe: false, subscribed: false });
    expect((await agent.get('/api/user/session')).body.data).toMatchObject({ fullName: 'Ann Smith', isSubscribe: false, subscribed: false });
  });

  it('changes only the fields sent', async () => {
    const agent = await signedInUser({ t, email: ANN });
    await agent.post('/api/user').send({ fullName: 'Ann Smith', thumbnail: 'https://cdn.example.com/ann.png' });
    const res = await agent.post('/api/user').send({ isSubscribe: false });
    expect(res.body.data).toMatchObject({ fullName: 'Ann Smith', thumbnail: 'https://cdn.example.com/ann.png', isSubscribe: false, subscribed: true });
  });

  it('removes the thumbnail when it is sent empty', async () => {
    const agent = await signedInUser({ t, email: ANN });
    await agent.post('/api/user').send({ thumbnail: 'https://cdn.example.com/ann.png' });
    const res = await agent.post('/api/user').send({ thumbnail: '' });
    expect(res.status).toBe(200);
    expect(res.body.data.thumbnail).toBeUndefined();
    expect(await t.ctx.store.collection('users').findOne({ email: ANN })).not.toHaveProperty('thumbnail');
  });

  it.each([
    ['a name under 3 characters', { fullName: 'Al' }, 'fullName', 'Full name must be at least 3 characters'],
    ['a name of spaces around 2 characters', { fullName: '   Al   ' }, 'fullName', 'Full name must be between 3 and 120 characters'],
    ['a name over 120 characters', { fullName: 'x'.repeat(121) }, 'fullName', 'Full name must be at most 120 characters'],
    ['a thumbnail that is not a URL', { thumbnail: 'javascript:alert(1)' }, 'thumbnail', 'Profile picture must be a valid URL'],
    ['a field that is not part of the profile', { email: 'other@example.com' }, 'email', undefined],
    ['a non-boolean email choice', { isSubscribe: 'yes' }, 'isSubscribe', undefined],
  ])('refuses %s', async (_case, body, field, message) => {
    const agent = await signedInUser({ t, email: ANN });
    const res = await agent.post('/api/user').send(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.fieldErrors).toHaveProperty(field);
    if (message) expect(res.body.fieldErrors[field]).toBe(message);
    expect(await t.ctx.store.collection('users').findOne({ email: ANN })).toMatchObject({ fullName: 'Ada Lovelace', email: ANN, isSubscribe: true });
  });

  it('changes only the signed-in user, whatever the body says', async () => {
    const ann = await signedInUser({ t, email: ANN });
    await signedInUser({ t, email: BOB });
    const bob = await t.ctx.store.collection('users').findOne({ email: BOB });
    const refused = await ann.post('/api/user').send({ id: bob?._id, fullName: 'Hijacked' });
    expect(refused.status).toBe(400);
    await ann.post('/api/user').send({ fullName: 'Ann Smith' });
    expect(await t.ctx.store.collection('users').findOne({ email: BOB })).toMatchObject({ fullName: 'Ada Lovelace' });
    expect(await t.ctx.store.collection('users').findOne({ email: ANN })).toMatchObject({ fullName: 'Ann Smith' });
  });

  it('needs a signed-in session', async () => {
    const res = await request(t.app).post('/api/user').send({ fullName: 'Nobody Here' });
    expect(res.status).toBe(401);
  });
});

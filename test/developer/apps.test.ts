import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { createAppAs, signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';

const t = withTestApp({ config: { publicUrl: 'https://nindo.test' }, scope: 'file' });
let agent: Agent;

let n = 0;

// One app for the file (building it compiles the whole API document); a new developer per test.
beforeEach(async () => {
  n += 1;
  ({ agent } = await signInAs({ app: t.app, ctx: t.ctx, email: `dev${n}@example.com`, fullName: 'Dana Dev' }));
});

describe('developer details', () => {
  it('answers the profile made at developer signup', async () => {
    const res = await agent.get('/integrations/developer/details').expect(200);
    expect(res.body.data).toMatchObject({ name: 'Dana Dev', email: `dev${n}@example.com`, isActive: true, links: [] });
  });

  it('saves every field of Developer Info, trimmed', async () => {
    const body = {
      name: ' Dana D. ',
      email: 'Dana@Example.com',
      caption: 'Apps for shops',
      description: 'We build things.',
      fullAddress: '1 Main St, Springfield',
      thumbnail: '/api/user/file/abc',
      supportEmail: 'support@example.com',
      emergencyEmail: 'oncall@example.com',
      links: [
        { type: 'website', url: 'https://dana.dev' },
        { type: 'github', url: 'https://github.com/dana' },
        { type: 'linkedin', url: 'https://linkedin.com/in/dana' },
        { type: 'twitter', url: 'https://twitter.com/dana' },
        { type: 'facebook', url: 'https://facebook.com/dana' },
      ],
    };
    const res = await agent.post('/integrations/developer/details').send(body).expect(200);
    expect(res.body.message).toBe('Developer updated');
    expect(res.body.data).toMatchObject({ ...body, name: 'Dana D.', email: 'dana@example.com' });
    const again = await agent.get('/integrations/developer/details').expect(200);
    expect(again.body.data.links).toHaveLength(5);
  });

  it.each([
    ['no name', { email: 'a@b.co' }, 'name', 'Name is required'],
    ['a blank name', { name: '  ', email: 'a@b.co' }, 'name', 'Name is required'],
    ['no email', { name: 'Dana' }, 'email', 'Email is required'],
    ['a bad email', { name: 'Dana', email: 'not-an-email' }, 'email', 'Email must be a valid email'],
    ['a bad support email', { name: 'Dana', email: 'a@b.co', supportEmail: 'x' }, 'supportEmail', 'Support email must be a valid email'],
    ['a bad emergency email', { name: 'Dana', email: 'a@b.co', emergencyEmail: 'x@' }, 'emergencyEmail', 'Emergency email must be a valid email'],
    ['a website that is no URL', { name: 'Dana', email: 'a@b.co', links: [{ type: 'website', url: 'dana dev' }] }, 'links.0.url', 'Link must be a valid URL'],
    ['a GitHub link with a script scheme', { name: 'Dana', email: 'a@b.co', links: [{ type: 'github', url: 'javascript:alert(1)' }] }, 'links.0.url', 'Link must be a valid URL'],
    ['a bad logo URL', { name: 'Dana', email: 'a@b.co', thumbnail: 'ftp://x' }, 'thumbnail', 'Logo must be a valid URL'],
  ])('rejects %s', async (_case, body, field, message) => {
    const res = await agent.post('/integrations/developer/details').send(body).expect(400);
    expect(res.body.fieldErrors[field]).toBe(message);
  });

  it('answers 404 to a signed-in user who is not a developer', async () => {
    const other = await signInAs({ app: t.app, ctx: t.ctx, email: `shop${n}@example.com`, developer: false });
    const res = await other.agent.get('/integrations/developer/details').expect(404);
    expect(res.body.message).toBe('Developer not found');
  });
});

describe('apps', () => {
  it('creates a draft app with a trimmed name, App ID and App Secret', async () => {
    const res = await agent.post('/integrations/developer/apps').send({ name: '  Review Widget  ' }).expect(201);
    const app = res.body.data;
    expect(app).toMatchObject({ name: 'Review Widget', status: 'draft', scopes: [], endpoints: {}, meta: {} });
    expect(app.apiKey).toBe(app.appId);
    expect(app.secretKey).toMatch(/^sk_[\w-]{40,}$/);
    expect(app.connectUrl).toBe(`https://nindo.test/install/${app.appId}`);
  });

  it.each([
    ['an empty name', '', 'App name is required'],
    ['a name of spaces', '     ', 'App name is required'],
    ['a 2-character name', 'ab', 'App name must be between 3 and 50 characters'],
    ['a name that is 2 characters once trimmed', '  ab  ', 'App name must be between 3 and 50 characters'],
    ['a 51-character name', 'x'.repeat(51), 'App name must be between 3 and 50 characters'],
  ])('refuses %s', async (_case, name, message) => {
    const res = await agent.post('/integrations/developer/apps').send({ name }).expect(400);
    expect(res.body).toMatchObject({ success: false, message, fieldErrors: { name: message } });
  });

  it('accepts exactly 3 and 50 characters', async () => {
    await agent.post('/integrations/developer/apps').send({ name: 'abc' }).expect(201);
    await agent.post('/integrations/developer/apps').send({ name: ` ${'y'.repeat(50)} ` }).expect(201);
  });

  it('refuses to create an app for a user who is not a developer', async () => {
    const other = await signInAs({ app: t.app, ctx: t.ctx, email: `shop${n}@example.com`, developer: false });
    const res = await other.agent.post('/integrations/developer/apps').send({ name: 'Mine' }).expect(403);
    expect(res.body.message).toBe('Please sign up as a developer first');
  });

  it('lists my apps newest first, without secrets, searching case-insensitively on the name', async () => {
    await createAppAs({ agent, name: 'Reviews Pro' });
    t.advance(1000);
    await createAppAs({ agent, name: 'Countdown Timer' });
    t.advance(1000);
    await createAppAs({ agent, name: 'Product reviews (lite)' });
    const all = await agent.get('/integrations/developer/apps').expect(200);
    expect(all.body.data.map((a: { name: string }) => a.name)).toEqual(['Product reviews (lite)', 'Countdown Timer', 'Reviews Pro']);
    expect(all.body.data[0]).not.toHaveProperty('secretKey');
    const found = await agent.get('/integrations/developer/apps').query({ search: 'REVIEWS' }).expect(200);
    expect(found.body.data.map((a: { name: string }) => a.name)).toEqual(['Product reviews (lite)', 'Reviews Pro']);
    const literal = await agent.get('/integrations/developer/apps').query({ search: '(lite)' }).expect(200);
    expect(literal.body.data).toHaveLength(1);
    const none = await agent.get('/integrations/developer/apps').query({ search: 'nothing like it' }).expect(200);
    expect(none.body.data).toEqual([]);
  });

  it('changes name, status, meta, endpoints and scopes', async () => {
    const appId = await createAppAs({ agent });
    const res = await agent
      .put(`/integrations/developer/apps/${appId}`)
      .send({
        name: ' Renamed ',
        status: 'published',
        meta: { icon: '/api/user/file/icon1' },
        endpoints: { authCallback: 'https://app.example.com/callback', authErrorCallback: 'https://app.example.com/error' },
        scopes: ['read_products', 'write_products', 'read_store_info'],
      })
      .expect(200);
    expect(res.body.message).toBe('Great success!');
    expect(res.body.data).toMatchObject({
      name: 'Renamed',
      status: 'published',
      meta: { icon: '/api/user/file/icon1' },
      endpoints: { authCallback: 'https://app.example.com/callback', authErrorCallback: 'https://app.example.com/error' },
      scopes: ['read_products', 'write_products', 'read_store_info'],
    });
  });

  it('merges checkout URLs into the endpoints without touching the Redirect URL', async () => {
    const appId = await createAppAs({ agent });
    await agent.put(`/integrations/developer/apps/${appId}`).send({ endpoints: { authCallback: 'https://a.example/cb' } }).expect(200);
    const res = await agent.put(`/integrations/developer/apps/${appId}`).send({ endpoints: { checkoutSuccess: 'https://a.example/ok' } }).expect(200);
    expect(res.body.data.endpoints).toEqual({ authCallback: 'https://a.example/cb', checkoutSuccess: 'https://a.example/ok' });
  });

  it.each([
    ['an empty Redirect URL', { endpoints: { authCallback: '' } }, 'endpoints.authCallback', 'Redirect URL is required'],
    ['a Redirect URL that is no URL', { endpoints: { authCallback: 'example.com/cb' } }, 'endpoints.authCallback', 'Redirect URL must be a valid URL'],
    ['a bad Error Redirect URL', { endpoints: { authCallback: 'https://a.example', authErrorCallback: 'nope' } }, 'endpoints.authErrorCallback', 'Error Redirect URL must be a valid URL'],
    ['a bad checkout success URL', { endpoints: { checkoutSuccess: 'ftp://x' } }, 'endpoints.checkoutSuccess', 'Checkout success URL must be a valid URL'],
    ['a bad checkout failure URL', { endpoints: { checkoutFailure: 'x' } }, 'endpoints.checkoutFailure', 'Checkout failure URL must be a valid URL'],
    ['a short name', { name: ' a ' }, 'name', 'App name must be between 3 and 50 characters'],
    ['an icon with a script scheme', { meta: { icon: 'javascript:alert(1)' } }, 'meta.icon', 'Icon must be a valid URL'],
    ['a protocol-relative thumbnail', { meta: { thumbnail: '//evil.example/x.png' } }, 'meta.thumbnail', 'Thumbnail must be a valid URL'],
    ['an unknown scope', { scopes: ['read_everything'] }, 'scopes.0', undefined],
    ['an unknown status', { status: 'archived' }, 'status', undefined],
  ])('refuses %s', async (_case, body, field, message) => {
    const appId = await createAppAs({ agent });
    const res = await agent.put(`/integrations/developer/apps/${appId}`).send(body).expect(400);
    expect(res.body.fieldErrors).toHaveProperty([field]);
    if (message) expect(res.body.fieldErrors[field]).toBe(message);
  });

  it('accepts every one of the eleven read/write scope pairs', async () => {
    const appId = await createAppAs({ agent });
    const areas = ['products', 'content', 'customers', 'orders', 'marketing_events', 'themes', 'store_info', 'shipping', 'discounts', 'scripts', 'storefront'];
    const scopes = areas.flatMap((a) => [`read_${a}`, `write_${a}`]);
    const res = await agent.put(`/integrations/developer/apps/${appId}`).send({ scopes }).expect(200);
    expect(res.body.data.scopes).toEqual(scopes);
  });

  it('deletes an app and everything stored for it', async () => {
    const appId = await createAppAs({ agent });
    await agent.put(`/integrations/developer/apps/${appId}/integrations/stripe`).send({ platformAppKeys: { publishableKey: 'pk', secretKey: 'sk' }, isActive: true }).expect(200);
    const res = await agent.delete(`/integrations/developer/apps/${appId}`).expect(200);
    expect(res.body.message).toBe('App deleted');
    await agent.get(`/integrations/developer/apps/${appId}`).expect(404);
    expect(await t.ctx.store.collection('integrations').count({ appId })).toBe(0);
  });

  it('keeps the App Secret encrypted at rest and reveals it to the owner', async () => {
    const res = await agent.post('/integrations/developer/apps').send({ name: 'Secretive' }).expect(201);
    const { appId, secretKey } = res.body.data;
    const raw = JSON.stringify(await t.ctx.store.collection('apps').findOne({ _id: appId }));
    expect(raw).not.toContain(secretKey);
    expect(raw).toContain('"secretKey":"v1.');
    const again = await agent.get(`/integrations/developer/apps/${appId}`).expect(200);
    expect(again.body.data.secretKey).toBe(secretKey);
  });
});

describe('public catalog', () => {
  it('lists only published apps under data.docs, without signing in', async () => {
    const draft = await createAppAs({ agent, name: 'Draft Catalogue App' });
    const live = await createAppAs({ agent, name: 'Live Catalogue App' });
    await agent.put(`/integrations/developer/apps/${live}`).send({ status: 'published', meta: { icon: '/api/user/file/x' } }).expect(200);
    const res = await request(t.app).get('/integrations/developer/public/apps').query({ search: 'catalogue' }).expect(200);
    expect(res.body.data).toMatchObject({ total: 1, page: 1, pages: 1, limit: 20 });
    expect(res.body.data.docs).toEqual([
      expect.objectContaining({ appId: live, name: 'Live Catalogue App', developerName: 'Dana Dev', meta: { icon: '/api/user/file/x' } }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(draft);
    // Only what PublicApp declares: no secret, owners, endpoints or scopes.
    expect(Object.keys(res.body.data.docs[0]).sort()).toEqual(['appId', 'created', 'developerName', 'meta', 'name']);
  });

  it('pages the catalog', async () => {
    for (const name of ['One paged', 'Two paged', 'Three paged']) {
      const id = await createAppAs({ agent, name });
      await agent.put(`/integrations/developer/apps/${id}`).send({ status: 'published' }).expect(200);
      t.advance(1000);
    }
    const res = await request(t.app).get('/integrations/developer/public/apps').query({ page: 2, limit: 2, search: 'paged' }).expect(200);
    expect(res.body.data).toMatchObject({ total: 3, page: 2, pages: 2, limit: 2 });
    expect(res.body.data.docs.map((d: { name: string }) => d.name)).toEqual(['One paged']);
  });
});

// Issue 18 item 8: a web page on an origin the collection allows calls its documents from the
// browser (CORS preflight and headers, no cookies); other origins get no CORS header; every 401 of
// the data API names the schemes it takes in WWW-Authenticate.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { basic, dataApp, documentsPath, installToken, setAccess } from './fixtures';
import type { DataApp } from './fixtures';

const t = withTestApp({ scope: 'file' });
let a: DataApp;
let token: string;

const SHOP = 'https://shop.example';
const OTHER = 'https://elsewhere.example';
const accessPath = (): string => `/integrations/developer/apps/${a.appId}/db/collection/products/access`;
const challenge = (): string => `Basic realm="Nindo data API of app ${a.appId}", charset="UTF-8", Bearer realm="Nindo data API of app ${a.appId}"`;

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx });
  token = await installToken({ app: t.app, ctx: t.ctx, ...a });
  const saved = await a.owner.put(accessPath()).send({ read: 'public', write: 'authenticated', origins: ['https://Shop.example/', 'http://localhost:5173'] }).expect(200);
  expect(saved.body.data.origins).toEqual([SHOP, 'http://localhost:5173']);
});

describe('allowed origins', () => {
  it('are kept with the access rules, as browsers send them', async () => {
    const res = await a.owner.get(accessPath()).expect(200);
    expect(res.body.data).toMatchObject({ read: 'public', write: 'authenticated', origins: [SHOP, 'http://localhost:5173'], documentWebhooks: false });
  });

  it.each([
    ['a path', 'https://shop.example/app'],
    ['another scheme', 'ftp://shop.example'],
    ['a host no URL has', 'https://[shop'],
  ])('refuse %s with a 400', async (_what, origin) => {
    const res = await a.owner.put(accessPath()).send({ read: 'public', write: 'authenticated', origins: [origin] }).expect(400);
    expect(Object.keys(res.body.fieldErrors)[0]).toMatch(/^origins/);
  });
});

describe('a preflight', () => {
  const preflight = (origin: string, path = documentsPath(a.appId)): request.Test =>
    request(t.app).options(path).set('Origin', origin).set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'authorization,content-type');

  it('from an allowed origin names it, the methods of the path and the headers a call sends', async () => {
    const res = await preflight(SHOP).expect(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': SHOP,
      'access-control-allow-methods': 'GET, POST, HEAD',
      'access-control-allow-headers': 'Authorization, Content-Type, If-Match',
      'access-control-max-age': '600',
    });
    expect(res.headers.vary).toMatch(/Origin/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const one = await preflight(SHOP, `${documentsPath(a.appId)}/some-id`).expect(204);
    expect(one.headers['access-control-allow-methods']).toBe('GET, PUT, DELETE, HEAD');
  });

  it.each([
    ['another origin', OTHER, undefined],
    ['an allowed origin on a collection that does not allow it', SHOP, 'orders'],
  ])('from %s gets no CORS header', async (_what, origin, collection) => {
    const res = await preflight(origin, collection ? documentsPath(a.appId, collection) : undefined).expect(204);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('a call from the browser', () => {
  it('from an allowed origin is answered with that origin and the headers it may read', async () => {
    const res = await request(t.app).get(documentsPath(a.appId)).set('Origin', SHOP).expect(200);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    expect(res.headers['access-control-expose-headers']).toBe('Retry-After, WWW-Authenticate');
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('from another origin is answered without CORS headers', async () => {
    const res = await request(t.app).get(documentsPath(a.appId)).set('Origin', OTHER).expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    ['an install token', () => `Bearer ${token}`],
    ['the app credentials', () => basic(a.appId, a.appSecret)],
  ])('writes cross-site with %s (its own credentials, never a cookie)', async (_what, authorization) => {
    const res = await request(t.app)
      .post(documentsPath(a.appId))
      .set({ Origin: SHOP, 'Sec-Fetch-Site': 'cross-site', Authorization: authorization() })
      .send({ title: 'From the shop' })
      .expect(201);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
  });

  it("still refuses a cross-site change carried by the portal's session cookie", async () => {
    await a.owner.post(documentsPath(a.appId)).set({ Origin: SHOP, 'Sec-Fetch-Site': 'cross-site' }).send({ title: 'Riding the session' }).expect(403);
  });

  it('leaves the live document out: the portal reads it from its own origin', async () => {
    const res = await request(t.app).get(`/api/v1/data/${a.appId}/openapi.json`).set('Origin', SHOP).expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('a 401', () => {
  beforeAll(() => setAccess({ owner: a.owner, appId: a.appId, access: { read: 'owner', write: 'owner', origins: [SHOP] } }));

  it.each([
    ['no credentials', undefined, ''],
    ['a wrong secret', () => basic(a.appId, 'wrong'), ''],
    ['an unknown token', () => 'Bearer no-such-token', ', error="invalid_token"'],
  ])('with %s names Basic and Bearer', async (_what, authorization, error) => {
    const call = request(t.app).get(documentsPath(a.appId)).set('Origin', SHOP);
    const res = await (authorization ? call.set('Authorization', authorization()) : call).expect(401);
    expect(res.headers['www-authenticate']).toBe(`${challenge()}${error}`);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
  });

  it('of a collection that does not exist reads the same, telling nothing of the names', async () => {
    const res = await request(t.app).get(documentsPath(a.appId, 'nothing-here')).expect(401);
    expect(res.headers['www-authenticate']).toBe(challenge());
  });

  it('of the live document carries it too', async () => {
    const res = await request(t.app).get(`/api/v1/data/${a.appId}/openapi.json`).set('Authorization', basic(a.appId, 'wrong')).expect(401);
    expect(res.headers['www-authenticate']).toBe(challenge());
  });
});

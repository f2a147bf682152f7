// Issue 39 item 1: a web page on an origin the app's collections allow follows changes from the
// browser: the live stream and the subscription POST answer CORS as the documents calls do (one
// helper, server/http/data-api-cors.ts), a Bearer subscription from that page passes the
// cross-site check, a cookie one stays refused, and a page follows only collections that list it.
import request from 'supertest';
import { addCollection, basic, dataApp, documentsPath, installToken, setAccess } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import { CROSS_SITE_REFUSED } from '../../server/http/cross-site';
import { LIVE_MESSAGES } from '../../server/services/database/live/subscriptions';
import { liveApp, subscribe } from './live-app';
import { openLive } from './sse-client';

const { t, base } = liveApp();
const SHOP = 'https://shop.example';
const OTHER = 'https://elsewhere.example';
const ORDERS_ONLY = 'https://orders.example';
const livePath = (appId: string): string => `/api/v1/data/${appId}/live`;
const CROSS_SITE = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors' };

let a: DataApp;
let token: string;

beforeEach(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx });
  token = await installToken({ app: t.app, ctx: t.ctx, ...a });
  await setAccess({ owner: a.owner, appId: a.appId, access: { read: 'public', write: 'authenticated', origins: [SHOP] } });
  await addCollection({ owner: a.owner, appId: a.appId, collection: 'orders', fields: [{ name: 'note', displayName: 'Note', type: 'text' }] });
  await setAccess({ owner: a.owner, appId: a.appId, collection: 'orders', access: { read: 'public', write: 'authenticated', origins: [ORDERS_ONLY] } });
});

describe('a preflight of the live path', () => {
  const preflight = (origin: string): request.Test =>
    request(t.app).options(livePath(a.appId)).set('Origin', origin).set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'authorization,content-type,last-event-id');

  it.each([
    ['the products collection', SHOP],
    ['only the orders collection', ORDERS_ONLY],
  ])('from an origin %s allows names it, the methods and the headers a stream and a subscription send', async (_what, origin) => {
    const res = await preflight(origin).expect(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'GET, POST, HEAD',
      'access-control-allow-headers': 'Authorization, Content-Type, Last-Event-ID',
      'access-control-max-age': '600',
    });
    expect(res.headers.vary).toMatch(/Origin/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('from an origin no collection allows gets no CORS header', async () => {
    const res = await preflight(OTHER).expect(204);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
  });
});

describe('the stream opened from a page', () => {
  it.each([
    ['an allowed origin', SHOP, SHOP],
    ['another origin', OTHER, undefined],
  ])('on %s is answered with that origin or none', async (_what, origin, allowed) => {
    const stream = await openLive({ base: base(), appId: a.appId, headers: { Origin: origin, ...CROSS_SITE } });
    try {
      expect(stream.status).toBe(200);
      expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.response.headers['access-control-allow-origin']).toBe(allowed);
      expect(stream.response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(stream.response.headers.vary).toMatch(/Origin/);
      expect(stream.clientId()).toMatch(/.+/);
    } finally {
      stream.close();
    }
  });
});

describe('a subscription POST sent cross-site', () => {
  it('with a Bearer token from an allowed origin is set (200, with that origin), and the stream carries the change', async () => {
    const stream = await openLive({ base: base(), appId: a.appId, headers: { Origin: SHOP, ...CROSS_SITE } });
    try {
      const res = await subscribe({ t, appId: a.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }], via: (p) => request(t.app).post(p).set({ Origin: SHOP, ...CROSS_SITE, Authorization: `Bearer ${token}` }) });
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(SHOP);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      await request(t.app).post(documentsPath(a.appId)).set({ Origin: SHOP, ...CROSS_SITE, Authorization: `Bearer ${token}` }).send({ title: 'Followed from the shop' }).expect(201);
      const event = await stream.next((e) => e.event === 'created');
      expect(event.data).toMatchObject({ collection: 'products', document: { title: 'Followed from the shop' } });
    } finally {
      stream.close();
    }
  });

  it('with the app credentials from an allowed origin is set too', async () => {
    const stream = await openLive({ base: base(), appId: a.appId });
    try {
      await subscribe({ t, appId: a.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }], via: (p) => request(t.app).post(p).set({ Origin: SHOP, ...CROSS_SITE, Authorization: basic(a.appId, a.appSecret) }) }).expect(200);
    } finally {
      stream.close();
    }
  });

  it("carried by the portal's session cookie is refused 403, even from an allowed origin", async () => {
    const stream = await openLive({ base: base(), appId: a.appId });
    try {
      const res = await a.owner.post(livePath(a.appId)).set({ Origin: SHOP, ...CROSS_SITE }).send({ clientId: stream.clientId(), subscriptions: [{ collection: 'products' }] });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: CROSS_SITE_REFUSED });
    } finally {
      stream.close();
    }
  });

  it('for a collection that does not list the page’s origin is refused 403 naming it, as its documents would be', async () => {
    const stream = await openLive({ base: base(), appId: a.appId });
    try {
      const res = await subscribe({
        t,
        appId: a.appId,
        clientId: stream.clientId(),
        subscriptions: [{ collection: 'products' }, { collection: 'orders' }],
        via: (p) => request(t.app).post(p).set({ Origin: SHOP, ...CROSS_SITE, Authorization: `Bearer ${token}` }),
      });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: `Subscription 2: ${LIVE_MESSAGES.originRefused(SHOP, 'orders')}` });
    } finally {
      stream.close();
    }
  });

  it("from the portal's own origin with its session is set, as the Documents tab does", async () => {
    const stream = await openLive({ base: base(), appId: a.appId });
    try {
      const own = new URL(base()).origin;
      await a.owner.post(livePath(a.appId)).set({ Origin: own, 'Sec-Fetch-Site': 'same-origin', Host: new URL(base()).host }).send({ clientId: stream.clientId(), subscriptions: [{ collection: 'orders' }] }).expect(200);
    } finally {
      stream.close();
    }
  });
});

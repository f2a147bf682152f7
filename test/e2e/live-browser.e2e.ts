// Issue 39 item 1: docs/public-data-api.md's browser example for live changes, run as it is
// written on a page of another origin (localhost, the server being 127.0.0.1) in Chromium: its
// EventSource connects, its subscription POST with a store's install token passes the preflight
// and the cross-site check, and a product created through the API arrives as a `created` event.
// On its own demo server, since it changes the products collection's rules and origins.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request } from 'playwright-core';
import type { APIRequestContext } from 'playwright-core';
import { freePort, startServer } from '../helpers/server-process';
import { healthyOwnServer } from './own-server';
import { ok } from './helpers';
import { until } from './expect';
import type { OwnServer, Scenario } from './scenario';

const ROOT = resolve(__dirname, '..', '..');
const APP = 'demo-review-booster';
const DOCS_HOST = 'https://nindo.example';
const START_TIMEOUT_MS = 90_000;

/** The ```js block right after the docs' e2e marker for this file. */
function docsExample(): string {
  const text = readFileSync(join(ROOT, 'docs', 'public-data-api.md'), 'utf8');
  const marker = text.indexOf('<!-- e2e: test/e2e/live-browser.e2e.ts');
  assert.ok(marker >= 0, 'docs/public-data-api.md marks the live browser example');
  const block = /```js\n([\s\S]*?)```/.exec(text.slice(marker));
  assert.ok(block, 'the marker is followed by a js block');
  return block[1];
}

export async function signedIn({ baseUrl, email, password }: { baseUrl: string; email: string; password: string }): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL: baseUrl });
  await ok(await context.post('/api/user/login', { data: { username: email, password, captchaToken: 'e2e' } }), `log in as ${email}`);
  return context;
}

/** A store installs the demo app and the app's server exchanges the code: the store's token, and the app's Basic credentials. */
export async function storeToken({ baseUrl, developer }: { baseUrl: string; developer: APIRequestContext }): Promise<{ token: string; appAuthorization: string }> {
  const app = await developer.get(`/integrations/developer/apps/${APP}`);
  await ok(app, 'read the app');
  const appSecret = ((await app.json()) as { data: { secretKey: string } }).data.secretKey;
  const store = await signedIn({ baseUrl, email: 'owner@demo.nindo', password: 'nindo-demo-owner' });
  const approved = await store.post(`/api/apps/${APP}/install`, { data: { state: 's' } });
  await ok(approved, 'install the app');
  const code = new URL(((await approved.json()) as { data: { redirectUrl: string } }).data.redirectUrl).searchParams.get('code');
  const exchanged = await developer.post('/integrations/oauth/token', { data: { appId: APP, appSecret, code } });
  await ok(exchanged, 'exchange the code');
  await store.dispose();
  return { token: ((await exchanged.json()) as { data: { accessToken: string } }).data.accessToken, appAuthorization: `Basic ${Buffer.from(`${APP}:${appSecret}`).toString('base64')}` };
}

/** The shop's page: a blank document on localhost, another origin (and site) than the server's 127.0.0.1. */
export async function shopPage(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="en"><title>Shop</title><h1>Shop</h1></html>'));
  await new Promise<void>((done) => server.listen(0, 'localhost', done));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => new Promise((done) => server.close(() => done())) };
}

/** A demo server of the scenario's own, since it changes the products collection's rules and origins. */
export async function ownDemoServer(name: string): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), `nindo-e2e-${name}-`));
  const server = startServer({ port: await freePort(), sqlitePath: join(dir, 'e2e.sqlite'), logFile: join(ROOT, 'test-results', `e2e-${name}-server.log`), compiled: true, args: ['--demo'] });
  return healthyOwnServer({ server, remove: () => rmSync(dir, { recursive: true, force: true }), timeoutMs: START_TIMEOUT_MS });
}

export const scenarios: Scenario[] = [
  {
    name: 'live browser: the docs example follows a change from a page on another origin',
    server: () => ownDemoServer('live-browser'),
    run: async ({ page, baseUrl }) => {
      const shop = await shopPage();
      const developer = await signedIn({ baseUrl, email: 'developer@demo.nindo', password: 'nindo-demo-developer' });
      try {
        // The store may read products (its token), from the shop's origin.
        await ok(await developer.put(`/integrations/developer/apps/${APP}/db/collection/products/access`, { data: { read: 'authenticated', write: 'owner', origins: [shop.origin] } }), 'allow the shop');
        const { token, appAuthorization } = await storeToken({ baseUrl, developer });

        const logged: string[] = [];
        page.on('console', (message) => logged.push(message.text()));
        await page.goto(shop.origin);
        const subscribed = page.waitForResponse((answer) => answer.url().endsWith(`/api/v1/data/${APP}/live`) && answer.request().method() === 'POST');
        // The docs' block as written, with this server for nindo.example and the store's token.
        await page.addScriptTag({ content: `const accessToken = ${JSON.stringify(token)};\n${docsExample().replaceAll(DOCS_HOST, baseUrl)}` });
        const answer = await subscribed;
        assert.equal(answer.status(), 200, `the subscription is set: ${await answer.text()}`);
        assert.equal(answer.headers()['access-control-allow-origin'], shop.origin);

        const created = await developer.post(`/api/v1/data/${APP}/collections/products/documents`, { headers: { Authorization: appAuthorization }, data: { title: 'Followed desk lamp', price: 25 } });
        assert.equal(created.status(), 201, await created.text());
        const { _id: id } = ((await created.json()) as { data: { _id: string } }).data;
        await until(async () => logged.includes(`created products ${id} Followed desk lamp`), `the page logs the created event: ${logged.join(' | ')}`);
        // Above the query's price bound: not this subscription's, so never sent.
        await ok(await developer.post(`/api/v1/data/${APP}/collections/products/documents`, { headers: { Authorization: appAuthorization }, data: { title: 'Dear sofa', price: 900 } }), 'create a dear one');
        await ok(await developer.put(`/api/v1/data/${APP}/collections/products/documents/${id}`, { headers: { Authorization: appAuthorization }, data: { title: 'Followed desk lamp', price: 30 } }), 'update the followed one');
        await until(async () => logged.includes(`updated products ${id} Followed desk lamp`), `the page logs the updated event: ${logged.join(' | ')}`);
        assert.ok(!logged.some((line) => line.includes('Dear sofa')), `the dear product stays out: ${logged.join(' | ')}`);
        assert.ok(!logged.some((line) => line.startsWith('not subscribed')), logged.join(' | '));
      } finally {
        await developer.dispose();
        await shop.close();
      }
    },
  },
];

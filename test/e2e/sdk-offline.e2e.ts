// Issue 39 item 3: the SDK's offline-first sync in Chromium, bundled for a shop's page on another
// origin. Two devices of one store (two browser contexts, each its own IndexedDB) follow a query,
// go offline, both write (one edit of the same record conflicting), come back and converge; the
// conflict is reported on the device whose edit lost, with both versions; a third device that
// never went offline sees every change once. Two pages of one context share the queue: a create
// made offline in one shows in both and is sent once.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ok } from './helpers';
import { until } from './expect';
import { ownDemoServer, shopPage, signedIn, storeToken } from './live-browser.e2e';
import type { Scenario } from './scenario';

const ROOT = resolve(__dirname, '..', '..');
const APP = 'demo-review-booster';
const QUERY = { category: 'decor' };

/** The page's side: the bundled SDK (global NindoData) and a few calls the scenario makes by name. */
const HARNESS = `
window.offline = {
  docs: [], reported: [], events: [],
  async start({ url, token }) {
    const { createClient, createSync, indexedDbStore, liveResume } = NindoData;
    const store = indexedDbStore({ name: 'shop' });
    const client = createClient({ url, appId: ${JSON.stringify(APP)}, auth: { token }, reconnect: { minMs: 100, maxMs: 1000 }, live: liveResume(store) });
    this.sync = createSync({ client, store, retry: { minMs: 100, maxMs: 1000 }, onConflictReported: (conflict) => this.reported.push(conflict) });
    await this.sync.follow('products', ${JSON.stringify(QUERY)}, (docs) => { this.docs = docs; });
  },
  async watch({ url, token }) {
    const client = NindoData.createClient({ url, appId: ${JSON.stringify(APP)}, auth: { token } });
    await client.subscribe('products', { query: ${JSON.stringify(QUERY)} }, (event) => this.events.push(event.type === 'reset' ? 'reset' : event.type + ' ' + event.document._id + '@' + event.document._version));
  },
  view() {
    return this.docs.map((doc) => ({ _id: doc._id, title: doc.title, price: doc.price ?? null, _version: doc._version })).sort((a, b) => (a._id < b._id ? -1 : 1));
  },
  create(body) { return this.sync.collection('products').create(body); },
  update(id, changes) { return this.sync.collection('products').update(id, changes); },
  async pending() { return (await this.sync.pending()).length; },
  conflicts() { return this.sync.conflicts(); },
};`;

interface Row {
  _id: string;
  title: string;
  price: number | null;
  _version: number;
}

interface Reported {
  id: string;
  kind: string;
  resolution: string;
  local: Row | null;
  remote: Row | null;
}

/** Calls one of the harness's functions on the page. */
const call = async <T>(page: Page, expression: string): Promise<T> => (await page.evaluate(`window.offline.${expression}`)) as T;
const view = (page: Page): Promise<Row[]> => call<Row[]>(page, 'view()');
const pending = (page: Page): Promise<number> => call<number>(page, 'pending()');

async function sdkBundle(): Promise<string> {
  const built = await build({ entryPoints: [join(ROOT, 'sdk', 'src', 'index.ts')], bundle: true, format: 'iife', globalName: 'NindoData', platform: 'browser', target: 'es2022', write: false });
  return `${built.outputFiles[0].text}\n${HARNESS}`;
}

async function shopTab({ context, origin, script }: { context: BrowserContext; origin: string; script: string }): Promise<Page> {
  const page = await context.newPage();
  await page.goto(origin);
  await page.addScriptTag({ content: script });
  return page;
}

async function devices({ browser, page, origin, script }: { browser: Browser; page: Page; origin: string; script: string }): Promise<{ a: Page; b: Page; watcher: Page; others: BrowserContext[] }> {
  await page.goto(origin);
  await page.addScriptTag({ content: script });
  const others = [await browser.newContext(), await browser.newContext()];
  const [b, watcher] = await Promise.all(others.map((context) => shopTab({ context, origin, script })));
  return { a: page, b, watcher, others };
}

const titled = (rows: Row[], title: string): Row | undefined => rows.find((row) => row.title === title);

export const scenarios: Scenario[] = [
  {
    name: 'sdk offline: two devices write offline, come back and converge; the losing edit is reported; a watcher sees each change once',
    server: () => ownDemoServer('sdk-offline'),
    run: async ({ browser, page, context, baseUrl }) => {
      const shop = await shopPage();
      const developer = await signedIn({ baseUrl, email: 'developer@demo.nindo', password: 'nindo-demo-developer' });
      const opened: BrowserContext[] = [];
      try {
        await ok(await developer.put(`/integrations/developer/apps/${APP}/db/collection/products/access`, { data: { read: 'authenticated', write: 'authenticated', origins: [shop.origin] } }), 'let the store read and write from the shop');
        const { token } = await storeToken({ baseUrl, developer });
        const { a, b, watcher, others } = await devices({ browser, page, origin: shop.origin, script: await sdkBundle() });
        opened.push(...others);
        const [contextB] = others;
        const session = JSON.stringify({ url: baseUrl, token });
        await call(watcher, `watch(${session})`);
        await Promise.all([a, b].map((device) => call(device, `start(${session})`)));
        await until(async () => (await view(a)).length > 0 && JSON.stringify(await view(a)) === JSON.stringify(await view(b)), 'both devices hold the decor products');

        const vase = await call<Row>(a, `create(${JSON.stringify({ title: 'Shared vase', price: 10, category: 'decor' })})`);
        await until(async () => titled(await view(b), 'Shared vase')?._version === 1, 'device B gets the shared vase');

        await context.setOffline(true);
        await contextB.setOffline(true);
        await call(a, `update(${JSON.stringify(vase._id)}, { price: 20 })`);
        await call(a, `create(${JSON.stringify({ title: 'Vase from A', category: 'decor' })})`);
        await call(b, `update(${JSON.stringify(vase._id)}, { price: 30, title: 'Shared vase, B' })`);
        await call(b, `create(${JSON.stringify({ title: 'Vase from B', category: 'decor' })})`);
        assert.equal(titled(await view(a), 'Shared vase')?.price, 20, 'device A shows its own edit offline');
        assert.equal(titled(await view(b), 'Shared vase, B')?.price, 30, 'device B shows its own edit offline');
        assert.deepEqual([await pending(a), await pending(b)], [2, 2]);

        await context.setOffline(false);
        await until(async () => (await pending(a)) === 0, 'device A sends its writes');
        await contextB.setOffline(false);
        await until(async () => (await pending(b)) === 0, 'device B sends its writes');
        await until(async () => JSON.stringify(await view(a)) === JSON.stringify(await view(b)) && titled(await view(a), 'Shared vase, B')?._version === 3, 'both devices converge', 20_000);
        const final = await view(a);
        // The price both changed keeps the server's (A's, first back); the title only B changed is B's.
        assert.deepEqual(titled(final, 'Shared vase, B'), { _id: vase._id, title: 'Shared vase, B', price: 20, _version: 3 });
        assert.ok(titled(final, 'Vase from A') && titled(final, 'Vase from B'), JSON.stringify(final));

        assert.deepEqual(await call(a, 'conflicts()'), [], 'device A, whose edit went first, has no conflict');
        const [conflict, ...more] = await call<Reported[]>(b, 'conflicts()');
        assert.equal(more.length, 0);
        assert.deepEqual([conflict.id, conflict.kind, conflict.resolution, conflict.local?.price, conflict.local?.title, conflict.remote?.price, conflict.remote?.title], [vase._id, 'update', 'merged', 30, 'Shared vase, B', 20, 'Shared vase']);
        assert.equal((await call<Reported[]>(b, 'reported')).length, 1, 'onConflictReported told device B');

        const created = [titled(final, 'Vase from A'), titled(final, 'Vase from B')].map((row) => `created ${row?._id}@1`);
        const expected = [`created ${vase._id}@1`, `updated ${vase._id}@2`, `updated ${vase._id}@3`, ...created].sort();
        await until(async () => (await call<string[]>(watcher, 'events')).length >= expected.length, 'the watcher gets every change');
        assert.deepEqual([...(await call<string[]>(watcher, 'events'))].sort(), expected, 'the watcher sees each change exactly once');

        // Two tabs of device A share its copy: a create made offline in one shows in both, and is sent once.
        const twin = await shopTab({ context, origin: shop.origin, script: await sdkBundle() });
        await call(twin, `start(${session})`);
        await until(async () => JSON.stringify(await view(twin)) === JSON.stringify(await view(a)), 'the second tab holds the same copy');
        const sent: number[] = [];
        context.on('response', (answer) => {
          if (answer.request().method() === 'POST' && answer.url().endsWith('/collections/products/documents') && answer.request().postData()?.includes('Twin vase')) sent.push(answer.status());
        });
        await context.setOffline(true);
        await call(twin, `create(${JSON.stringify({ title: 'Twin vase', category: 'decor' })})`);
        await until(async () => titled(await view(a), 'Twin vase') !== undefined, 'the first tab shows the create made offline in the second');
        await context.setOffline(false);
        await until(async () => (await pending(a)) === 0 && (await pending(twin)) === 0 && titled(await view(a), 'Twin vase')?._version === 1, 'the shared queue is sent');
        // Both tabs heard `online` and tried; a second send would show here (201 then 409).
        await new Promise((wait) => setTimeout(wait, 1500));
        assert.deepEqual(sent, [201], 'the create was sent once');
        const listed = await developer.get(`/api/v1/data/${APP}/collections/products/documents`, { params: { query: JSON.stringify({ title: 'Twin vase' }) }, headers: { Authorization: `Bearer ${token}` } });
        await ok(listed, 'list the twin');
        assert.equal(((await listed.json()) as { data: { total: number } }).data.total, 1, 'one twin vase on the server');
      } finally {
        await Promise.all(opened.map((one) => one.close()));
        await developer.dispose();
        await shop.close();
      }
    },
  },
];

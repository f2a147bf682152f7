// Issue 39: the SDK's live changes in Chromium, bundled with esbuild for a shop's page on another
// origin. One client holds two queries of the products collection with different filters and one
// docId subscription on one stream; each handler gets exactly its own events (created, updated,
// enter, leave, deleted), a document moving between the queries included. Then the network between
// the page and the server goes (every connection cut, new ones refused), changes are made meanwhile,
// and after the reconnect (Last-Event-ID) each handler has every change once: nothing lost, nothing
// doubled. The page reaches the server through a TCP relay of the test's: Chromium's offline mode
// (context.setOffline) and a route's abort only refuse new requests, and leave an open stream be.
import assert from 'node:assert/strict';
import { createServer, connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { APIRequestContext, Page, Request } from 'playwright-core';
import { ok } from './helpers';
import { until } from './expect';
import { ownDemoServer, shopPage, signedIn, storeToken } from './live-browser.e2e';
import type { Scenario } from './scenario';

const ROOT = resolve(__dirname, '..', '..');
const APP = 'demo-review-booster';
type Seen = Record<'cheap' | 'dear' | 'lamp', string[]>;

/** The page's side: the bundled SDK (global NindoData), each handler's events as `type title@version` (a leave has no title: its id). */
const HARNESS = `
window.live = {
  seen: { cheap: [], dear: [], lamp: [] }, errors: [],
  async start({ url, token, lampId }) {
    const client = NindoData.createClient({ url, appId: ${JSON.stringify(APP)}, auth: { token }, reconnect: { minMs: 100, maxMs: 500 }, onError: (error) => this.errors.push(String(error)) });
    const record = (name) => (event) => this.seen[name].push(event.type === 'reset' ? 'reset' : event.type + ' ' + (event.document.title ?? event.document._id) + '@' + event.document._version);
    await client.subscribe('products', { query: { price: { $lt: 50 } } }, record('cheap'));
    await client.subscribe('products', { query: { price: { $gte: 50 } } }, record('dear'));
    await client.subscribe('products', { docId: lampId }, record('lamp'));
  },
};`;

async function sdkPage({ page, origin }: { page: Page; origin: string }): Promise<void> {
  const built = await build({ entryPoints: [join(ROOT, 'sdk', 'src', 'index.ts')], bundle: true, format: 'iife', globalName: 'NindoData', platform: 'browser', target: 'es2022', write: false });
  await page.goto(origin);
  await page.addScriptTag({ content: `${built.outputFiles[0].text}\n${HARNESS}` });
}

/** The app's server writing products, as the page's events report them. */
function products({ developer, appAuthorization }: { developer: APIRequestContext; appAuthorization: string }) {
  const path = `/api/v1/data/${APP}/collections/products/documents`;
  const headers = { Authorization: appAuthorization };
  return {
    create: async (data: { title: string; price: number }): Promise<string> => {
      const created = await developer.post(path, { headers, data });
      await ok(created, `create ${data.title}`);
      return ((await created.json()) as { data: { _id: string } }).data._id;
    },
    update: async (id: string, data: { price: number }): Promise<void> => ok(await developer.put(`${path}/${id}`, { headers, data }), `update ${id}`),
    remove: async (id: string): Promise<void> => ok(await developer.delete(`${path}/${id}`, { headers }), `delete ${id}`),
  };
}

/** A relay to the server whose network can go: cut() ends every connection and refuses new ones until restore(). */
async function relayTo(baseUrl: string): Promise<{ url: string; cut: () => void; restore: () => void; close: () => Promise<void> }> {
  const target = new URL(baseUrl);
  const sockets = new Set<Socket>();
  let down = false;
  const relay = createServer((incoming) => {
    if (down) return incoming.destroy();
    const outgoing = connect(Number(target.port), target.hostname);
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    incoming.pipe(outgoing).pipe(incoming);
    incoming.on('close', () => outgoing.destroy());
    outgoing.on('close', () => incoming.destroy());
  });
  await new Promise<void>((done) => relay.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    cut: () => {
      down = true;
      sockets.forEach((socket) => socket.destroy());
    },
    restore: () => {
      down = false;
    },
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise((done) => relay.close(() => done()));
    },
  };
}

const seenOn = async (page: Page): Promise<Seen> => (await page.evaluate('window.live.seen')) as Seen;

export const scenarios: Scenario[] = [
  {
    name: 'sdk live: each subscription of one stream gets only its own events, enter and leave included, and a cut stream loses and doubles none',
    server: () => ownDemoServer('sdk-live'),
    run: async ({ page, baseUrl }) => {
      const shop = await shopPage();
      const network = await relayTo(baseUrl);
      const developer = await signedIn({ baseUrl, email: 'developer@demo.nindo', password: 'nindo-demo-developer' });
      try {
        await ok(await developer.put(`/integrations/developer/apps/${APP}/db/collection/products/access`, { data: { read: 'authenticated', write: 'owner', origins: [shop.origin] } }), 'allow the shop');
        const { token, appAuthorization } = await storeToken({ baseUrl, developer });
        const write = products({ developer, appAuthorization });
        const streams: Request[] = [];
        page.on('request', (sent) => {
          if (sent.method() === 'GET' && sent.url().endsWith(`/api/v1/data/${APP}/live`)) streams.push(sent);
        });
        const lampId = await write.create({ title: 'Lamp', price: 10 });
        await sdkPage({ page, origin: shop.origin });
        await page.evaluate(`window.live.start(${JSON.stringify({ url: network.url, token, lampId })})`);

        const cupId = await write.create({ title: 'Cup', price: 5 });
        // The lamp goes from the cheap query to the dear one: a leave, an enter and its docId's update, one change.
        await write.update(lampId, { price: 60 });
        await until(async () => (await seenOn(page)).dear.length === 1, 'the dear handler gets the lamp entering');

        const opened = streams.length;
        network.cut();
        // The SDK notices the cut and tries again (in vain while the network is down).
        await until(async () => streams.length > opened, 'the stream is cut');
        await write.update(lampId, { price: 70 });
        await write.create({ title: 'Desk', price: 80 });
        await write.update(cupId, { price: 55 });
        await write.remove(lampId);
        network.restore();
        await write.create({ title: 'Fence', price: 1 });

        const expected: Seen = {
          cheap: ['created Cup@1', `leave ${lampId}@2`, `leave ${cupId}@2`, 'created Fence@1'],
          dear: ['enter Lamp@2', 'updated Lamp@3', 'created Desk@1', 'enter Cup@2', 'deleted Lamp@3'],
          lamp: ['updated Lamp@2', 'updated Lamp@3', 'deleted Lamp@3'],
        };
        await until(async () => (await seenOn(page)).cheap.includes('created Fence@1'), 'the fence reaches the cheap handler', 20_000);
        assert.deepEqual(await seenOn(page), expected, 'each handler has its own events, each once');
        assert.ok(streams.length >= 2, `the stream reconnected: ${streams.length} GET .../live`);
        const resumedFrom = Number(await streams.at(-1)?.headerValue('last-event-id'));
        assert.ok(resumedFrom > 0, 'the reconnect sends Last-Event-ID');
      } finally {
        await developer.dispose();
        await network.close();
        await shop.close();
      }
    },
  },
];

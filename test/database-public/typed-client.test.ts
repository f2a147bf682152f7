// A typed client generated from an app's live document by @hey-api/openapi-ts, type-checked with
// tsc and run with tsx against this server: what an app's developer would do with the document.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { bin, ROOT, run } from '../helpers/run-tool';
import { basic, dataApp } from './fixtures';

const heyApi = pathToFileURL(join(ROOT, 'node_modules', '@hey-api', 'openapi-ts', 'dist', 'index.mjs')).href;

const t = withTestApp({ scope: 'file' });
let dir: string;
let server: Server;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nindo-data-client-'));
  server = t.app.listen(0, '127.0.0.1');
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const GENERATE = `
const { createClient } = await import(${JSON.stringify(heyApi)});
await createClient({
  input: process.env.INPUT,
  output: { path: process.env.OUTPUT, postProcess: [] },
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
  logs: { level: 'silent' },
});
`;

// Typed use: the @ts-expect-error lines fail tsc if the client's types were loose.
const USE = `
import { client } from './client/client.gen';
import { createProducts, listProducts } from './client/sdk.gen';

// The client needs no Node types; only this script reads its settings from the environment.
declare const process: { env: Record<string, string | undefined> };

export function neverCalled(): void {
  // @ts-expect-error colour is an enumeration of red and green
  void createProducts({ body: { title: 'Chair', colour: 'blue' } });
  // @ts-expect-error title is required on create
  void createProducts({ body: { price: 3 } });
  // @ts-expect-error price has no index: a list cannot sort on it
  void listProducts({ query: { sort: { price: 1 } } });
}

// query and sort are JSON parameters (content: application/json): sent as JSON text.
const querySerializer = (query: Record<string, unknown>): string =>
  new URLSearchParams(Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, typeof value === 'object' ? JSON.stringify(value) : String(value)]]))).toString();

async function main(): Promise<void> {
  client.setConfig({ baseUrl: process.env.BASE_URL, headers: { Authorization: process.env.AUTHORIZATION }, querySerializer });
  const created = await createProducts({ body: { title: 'Desk lamp', price: 25, colour: 'red' }, throwOnError: true });
  const page = await listProducts({ query: { limit: 5, sort: { _created: -1 } }, throwOnError: true });
  const titles: string[] = page.data.data.items.map((item) => item.title ?? '');
  const price: number | undefined = page.data.data.items[0]?.price;
  await createProducts({ body: { title: 'Desk chair' }, throwOnError: true });
  const first = await listProducts({ query: { limit: 1 }, throwOnError: true });
  const nextCursor: string | null = first.data.data.nextCursor;
  const second = await listProducts({ query: { limit: 1, cursor: nextCursor ?? undefined }, throwOnError: true });
  const walked = [...first.data.data.items, ...second.data.data.items].map((item) => item.title);
  console.log(JSON.stringify({ id: created.data.data._id, titles, price, total: page.data.data.total, walked, last: second.data.data.nextCursor }));
}

void main();
`;

const TSCONFIG = {
  compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: [], skipLibCheck: true },
  include: ['*.ts', 'client/**/*.ts'],
};

it('generates a client from the live document that creates, lists and walks documents by cursor', async () => {
  const a = await dataApp({ app: t.app, ctx: t.ctx });
  const authorization = basic(a.appId, a.appSecret);
  const live = await request(t.app).get(`/api/v1/data/${a.appId}/openapi.json`).set('Authorization', authorization).expect(200);
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(live.body));
  writeFileSync(join(dir, 'use.ts'), USE);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));

  await run('node', ['--input-type=module', '-e', GENERATE], { env: { ...process.env, INPUT: join(dir, 'openapi.json'), OUTPUT: join(dir, 'client') } });
  await run(bin('tsc'), ['-p', join(dir, 'tsconfig.json')]);
  const { port } = server.address() as AddressInfo;
  const { stdout } = await run(bin('tsx'), [join(dir, 'use.ts')], { env: { ...process.env, BASE_URL: `http://127.0.0.1:${port}`, AUTHORIZATION: authorization } });

  const result = JSON.parse(stdout) as { id: string; titles: string[]; price: number; total: number; walked: string[]; last: string | null };
  expect(result).toMatchObject({ titles: ['Desk lamp'], price: 25, total: 1, last: null });
  expect([...result.walked].sort()).toEqual(['Desk chair', 'Desk lamp']);
  const stored = await request(t.app).get(`/api/v1/data/${a.appId}/collections/products/documents/${result.id}`).set('Authorization', authorization).expect(200);
  expect(stored.body.data).toMatchObject({ title: 'Desk lamp', colour: 'red' });
}, 60_000);

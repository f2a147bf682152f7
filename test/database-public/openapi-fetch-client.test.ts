// Issue 18 item 6: a client generated from an app's live document by a third-party generator
// (openapi-typescript for the types, openapi-fetch for the calls) type-checks create, get, a
// partial update, a filtered list and delete with no cast, then runs them against this server;
// issue 28: an expand and a batch too.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { bin, ROOT, run } from '../helpers/run-tool';
import { basic, dataApp, PRODUCT_FIELDS } from './fixtures';


const t = withTestApp({ scope: 'file' });
let dir: string;
let server: Server;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nindo-openapi-fetch-'));
  // The developer's project would have openapi-fetch installed: this one's packages stand in.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  server = t.app.listen(0, '127.0.0.1');
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

// A boolean with a default: its default made it required in a generated update type.
const FIELDS = [
  ...PRODUCT_FIELDS,
  { name: 'inStock', displayName: 'In stock', type: 'boolean', defaultValue: true },
  // Issue 28: a relation to expand (to its own collection, the hardest case for the types).
  { name: 'parent', displayName: 'Parent', type: 'relation', relation: 'products' },
];

/** The calls an app's developer writes, on the paths of this app's document; the @ts-expect-error lines fail tsc if the types were loose. */
const use = (appId: string): string => `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

declare const process: { env: Record<string, string | undefined> };

type Filter = components['schemas']['Products_Filter'];
type Order = components['schemas']['Products_Sort'];

const documents = '/api/v1/data/${appId}/collections/products/documents';
const one = '/api/v1/data/${appId}/collections/products/documents/{docId}';
const batch = '/api/v1/data/${appId}/batch';

const client = createClient<paths>({ baseUrl: process.env.BASE_URL, headers: { Authorization: process.env.AUTHORIZATION } });

export function neverCalled(): void {
  // @ts-expect-error title is required on create
  void client.POST(documents, { body: { price: 3 } });
  // @ts-expect-error colour is red or green
  void client.PUT(one, { params: { path: { docId: 'x' } }, body: { colour: 'blue' } });
  // @ts-expect-error the collection has no such field (openapi-fetch infers bodies, so a typed value shows it)
  const unknownField: components['schemas']['Products_Update'] = { nope: 1 };
  // @ts-expect-error price has no index: a list cannot sort on it
  const unsortable: Order = { price: 1 };
  // @ts-expect-error $where is no operator of the grammar
  const unknownOperator: Filter = { title: { $where: 'x' } };
  // @ts-expect-error only relation fields expand
  void client.GET(one, { params: { path: { docId: 'x' }, query: { expand: ['price'] } } });
  // @ts-expect-error a batch create takes the collection's create body
  void client.POST(batch, { body: { operations: [{ action: 'create', collection: 'products', body: { price: 3 } }] } });
  void [unknownField, unsortable, unknownOperator];
}

async function main(): Promise<void> {
  const created = await client.POST(documents, { body: { title: 'Desk lamp', price: 25, colour: 'red' } });
  const id: string = created.data?.data._id ?? '';
  const got = await client.GET(one, { params: { path: { docId: id } } });
  const inStock: boolean | undefined = got.data?.data.inStock;
  // A partial update: one field, nothing else required (In stock's default once made it so).
  const updated = await client.PUT(one, { params: { path: { docId: id } }, body: { price: 30 } });
  await client.POST(documents, { body: { title: 'Floor lamp', price: 90 } });
  await client.POST(documents, { body: { title: 'Chair', price: 40 } });
  // query and sort are JSON (content: application/json), which openapi-typescript types as the text sent.
  const lamps: Filter = { title: { $regex: 'lamp', $options: 'i' } };
  const byTitle: Order = { title: 1 };
  const listed = await client.GET(documents, { params: { query: { query: JSON.stringify(lamps), sort: JSON.stringify(byTitle), limit: 10 } } });
  const titles: string[] = (listed.data?.data.items ?? []).map((item) => item.title ?? '');
  // Issue 28: a batch (a create and an update pointing at it), then the update's document with its parent expanded.
  const written = await client.POST(batch, {
    body: { operations: [{ action: 'create', collection: 'products', body: { title: 'Lamp shade' } }, { action: 'update', collection: 'products', id, body: { title: 'Desk lamp, shaded' } }] },
  });
  const statuses: number[] = (written.data?.data.results ?? []).map((result) => result.status);
  await client.PUT(one, { params: { path: { docId: id } }, body: { parent: listed.data?.data.items[1]?._id ?? '' } });
  const expanded = await client.GET(one, { params: { path: { docId: id }, query: { expand: ['parent'] } } });
  const parentTitle: string | undefined = expanded.data?.data.expand?.parent?.title;
  const removed = await client.DELETE(one, { params: { path: { docId: id } } });
  const gone = await client.GET(one, { params: { path: { docId: id } } });
  const after = updated.data?.data;
  console.log(JSON.stringify({ statuses, parentTitle, inStock, updated: { price: after?.price, inStock: after?.inStock }, titles, removed: removed.response.status, gone: gone.response.status, goneMessage: gone.error?.message }));
}

void main();
`;

const TSCONFIG = {
  compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: [], skipLibCheck: true },
  include: ['*.ts'],
};

it('generates types with openapi-typescript that openapi-fetch calls create, get, update, list and delete with', async () => {
  const a = await dataApp({ app: t.app, ctx: t.ctx, fields: FIELDS });
  const authorization = basic(a.appId, a.appSecret);
  const live = await request(t.app).get(`/api/v1/data/${a.appId}/openapi.json`).set('Authorization', authorization).expect(200);
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(live.body));
  writeFileSync(join(dir, 'use.ts'), use(a.appId));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));

  // A .ts file, not .d.ts, so that tsc checks the generated types themselves too.
  await run(bin('openapi-typescript'), [join(dir, 'openapi.json'), '--output', join(dir, 'schema.ts')]);
  await run(bin('tsc'), ['-p', join(dir, 'tsconfig.json')]);
  const { port } = server.address() as AddressInfo;
  const { stdout } = await run(bin('tsx'), [join(dir, 'use.ts')], { env: { ...process.env, BASE_URL: `http://127.0.0.1:${port}`, AUTHORIZATION: authorization } });

  expect(JSON.parse(stdout)).toEqual({ statuses: [201, 200], parentTitle: 'Floor lamp', inStock: true, updated: { price: 30, inStock: true }, titles: ['Desk lamp', 'Floor lamp'], removed: 200, gone: 404, goneMessage: 'Document not found' });
}, 90_000);

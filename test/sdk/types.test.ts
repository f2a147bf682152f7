// nindo-data types against the real server: the app's live OpenAPI document becomes TypeScript
// that accepts correct documents and inputs and refuses wrong ones, by the CLI's function and the
// CLI itself.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ts from 'typescript';
import { withTestApp } from '../helpers/test-app';
import { dataApp, PRODUCT_FIELDS } from '../database-public/fixtures';
import { runTypes } from '../../sdk/src/cli/main.ts';
import { OpenApiShapeError, typesFromOpenApi } from '../../sdk/src/cli/types-from-openapi.ts';

const t = withTestApp();
let server: Server;
let url = '';
beforeEach(async () => {
  await new Promise<void>((resolve) => {
    server = t.app.listen(0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise((resolve) => server.close(resolve)));

const FIELDS = [
  ...PRODUCT_FIELDS,
  { name: 'inStock', displayName: 'In stock', type: 'boolean' },
  { name: 'released', displayName: 'Released', type: 'date' },
  { name: 'tags', displayName: 'Tags', type: 'text', validation: { array: true } },
];

/** The TypeScript diagnostics codes of each program (one compile), each importing the generated file (and the SDK as SDK). */
function diagnosticsOf({ types, programs }: { types: string; programs: string[] }): number[][] {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-types-'));
  writeFileSync(join(dir, 'nindo-types.ts'), types);
  const files = programs.map((program, index) => {
    const file = join(dir, `main${index}.ts`);
    writeFileSync(file, program.replace('SDK', JSON.stringify(SDK)));
    return file;
  });
  const compiled = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
  });
  const found = ts.getPreEmitDiagnostics(compiled);
  return files.map((file) => found.filter((diagnostic) => diagnostic.file?.fileName === file).map((diagnostic) => diagnostic.code));
}

const diagnostics = ({ types, program }: { types: string; program: string }): number[] => diagnosticsOf({ types, programs: [program] })[0];

const SDK = resolve(__dirname, '../../sdk/src/index.ts');

const IMPORT = "import type { Collections, Products, ProductsInput } from './nindo-types';\n";

test('the generated types accept a document and an input the collection takes', async () => {
  const { appId, appSecret } = await dataApp({ app: t.app, ctx: t.ctx, fields: FIELDS });
  const types = await runTypes({ url, appId, secret: appSecret });
  const program = `${IMPORT}
const doc: Products = { _id: 'a', _version: 1, _created: '2026-01-01T00:00:00Z', _updated: '2026-01-01T00:00:00Z', title: 'Lamp', price: 3, colour: 'red', inStock: true, released: '2026-01-01', tags: ['x'] };
const input: ProductsInput = { title: 'Lamp', colour: 'green' };
const same: Collections['products']['document'] = doc;
export { input, same };
`;
  expect(diagnostics({ types, program })).toEqual([]);
  // A private field is written but never read.
  const [document, input] = types.split('export interface ProductsInput');
  expect(document).not.toContain('cost');
  expect(input).toContain('cost?: number | null;');
  expect(input).not.toContain('_version');
});

test('the generated types refuse an unknown collection, a wrong field type and a missing required field', async () => {
  const { appId, appSecret } = await dataApp({ app: t.app, ctx: t.ctx, fields: FIELDS });
  const types = await runTypes({ url, appId, secret: appSecret });
  expect(diagnostics({ types, program: `${IMPORT}export type Nope = Collections['nope'];\n` })).toEqual([2339]);
  expect(diagnostics({ types, program: `${IMPORT}export const input: ProductsInput = { title: 'Lamp', price: 'three' };\n` })).toEqual([2322]);
  expect(diagnostics({ types, program: `${IMPORT}export const input: ProductsInput = { price: 3 };\n` })).toEqual([2741]);
  expect(diagnostics({ types, program: `${IMPORT}export const input: ProductsInput = { title: 'Lamp', colour: 'blue' };\n` })).toEqual([2322]);
  expect(diagnostics({ types, program: `${IMPORT}export const doc: Products = { _id: 'a', _version: 1, _created: 'x', _updated: 'x', title: 'L', inStock: 'yes' };\n` })).toEqual([2322]);
});

/** An app's code as docs/sdk.md, "Typing", writes it: every call typed by the collection's name. */
const CLIENT = `import { createClient, createSync, memoryStore } from SDK;
import type { Collections, Products } from './nindo-types';

const db = createClient<Collections>({ url: 'http://127.0.0.1:1', appId: 'a', auth: { appSecret: 's' } });
const products = db.collection('products');
const sync = createSync({ client: db, store: memoryStore() });
`;

test('createClient<Collections>() types list, get, create, update, delete, count, expand, batch, subscribe and sync by collection name', async () => {
  const { appId, appSecret } = await dataApp({ app: t.app, ctx: t.ctx, fields: FIELDS });
  const types = await runTypes({ url, appId, secret: appSecret });
  const program = `${CLIENT}
export async function use(): Promise<Array<string | undefined>> {
  const lamp: Products = await products.get('a', { expand: ['maker'] });
  const page = await products.list({ query: { price: { $gte: 1 } }, sort: { title: 1 }, expand: ['maker'] });
  const made = await products.create({ title: 'Lamp', colour: 'green' });
  const changed = await products.update(made._id, { price: 4 }, { ifMatch: made._version });
  await products.delete(changed._id, { ifMatch: changed._version });
  const count: number = await products.count({ colour: 'red' });
  const results = await db.batch([
    { action: 'create', collection: 'products', body: { title: 'Chair' } },
    { action: 'update', collection: 'products', id: 'x', body: { colour: 'red' }, ifMatch: 2 },
    { action: 'delete', collection: 'products', id: 'y' },
  ]);
  const titles: Array<string | undefined> = [lamp.title, page.items[0]?.title, results[0]?.data?.title, String(count)];
  await db.subscribe('products', { query: { price: { $gte: 4 } } }, (event) => {
    if (event.type === 'created' || event.type === 'enter') titles.push(event.document.title);
    else if (event.type === 'leave') titles.push(event.document._id);
  });
  await sync.follow('products', { colour: 'red' }, (docs) => titles.push(...docs.map((doc) => doc.title)));
  const offline = await sync.collection('products').create({ _id: 'p1', title: 'Stool' });
  titles.push((await sync.collection('products').update(offline._id, { price: 2 })).title);
  return titles;
}
`;
  expect(diagnostics({ types, program })).toEqual([]);
  // Refused: an unknown collection in each call, a field the document lacks, a wrong input.
  const wrong: Array<[string, number]> = [
    ["return db.collection('nope');", 2345],
    ["return (await products.get('a')).rating;", 2339],
    ["return (await products.list()).items[0]?.rating;", 2339],
    ["return products.create({ price: 3 });", 2345],
    ["return products.update('a', { price: 'three' });", 2322],
    ["return db.batch([{ action: 'create', collection: 'nope', body: { title: 'Chair' } }]);", 2322],
    ["return db.subscribe('nope', { docId: 'a' }, () => undefined);", 2345],
    ["return db.subscribe('products', { docId: 'a' }, (event) => event.type === 'updated' && event.document.rating);", 2339],
    ["return sync.collection('nope');", 2345],
    ["return sync.follow('products', {}, (docs) => docs[0]?.rating);", 2339],
  ];
  const programs = wrong.map(([code]) => `${CLIENT}export async function use(): Promise<unknown> {\n  ${code}\n}\n`);
  expect(diagnosticsOf({ types, programs })).toEqual(wrong.map(([, code]) => [code]));
});

test('without a map the client takes any collection name and loosely typed documents', async () => {
  const { appId, appSecret } = await dataApp({ app: t.app, ctx: t.ctx, fields: FIELDS });
  const types = await runTypes({ url, appId, secret: appSecret });
  const program = `import { createClient } from SDK;
const db = createClient({ url: 'http://127.0.0.1:1', appId: 'a', auth: { appSecret: 's' } });
export async function use(): Promise<unknown> {
  const doc = await db.collection('anything').create({ whatever: 1 });
  await db.batch([{ action: 'update', collection: 'other', id: doc._id, body: { x: null } }]);
  return doc.rating;
}
`;
  expect(diagnostics({ types, program })).toEqual([]);
});

test('the command writes the file from the environment\'s credentials', async () => {
  const { appId, appSecret } = await dataApp({ app: t.app, ctx: t.ctx, fields: FIELDS });
  const out = join(mkdtempSync(join(tmpdir(), 'nindo-cli-')), 'nindo-types.ts');
  await promisify(execFile)(process.execPath, ['sdk/src/cli/main.ts', 'types', '--out', out], {
    env: { ...process.env, NINDO_URL: url, NINDO_APP_ID: appId, NINDO_APP_SECRET: appSecret },
  });
  expect(readFileSync(out, 'utf8')).toContain('export interface Products {');
});

test('a document that is not the server\'s shape is refused with a message, and comments cannot be ended', () => {
  expect(() => typesFromOpenApi({ document: { hello: 1 }, source: 'x' })).toThrow(OpenApiShapeError);
  const document = {
    openapi: '3.1.0',
    paths: { '/api/v1/data/a/collections/my-things/documents': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/MyThings_Create' } } } } } } },
    components: { schemas: { MyThings: { type: 'object', properties: { 'odd name': { type: 'string', description: 'ends */ here' } } }, MyThings_Create: { type: 'object' } } },
  };
  const types = typesFromOpenApi({ document, source: 'x' });
  expect(types).toContain('"odd name"?: string;');
  expect(types).toContain('"my-things": { document: MyThings; input: MyThingsInput };');
  expect(types).not.toContain('ends */');
  expect(diagnostics({ types, program: "import type { MyThings } from './nindo-types';\nexport const x: MyThings = { 'odd name': 'y' };\n" })).toEqual([]);
});

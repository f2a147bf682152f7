// nindo-data types against the real server: the app's live OpenAPI document becomes TypeScript
// that accepts correct documents and inputs and refuses wrong ones, by the CLI's function and the
// CLI itself.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** The TypeScript diagnostics codes of a program that imports the generated file. */
function diagnostics({ types, program }: { types: string; program: string }): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-types-'));
  writeFileSync(join(dir, 'nindo-types.ts'), types);
  writeFileSync(join(dir, 'main.ts'), program);
  const compiled = ts.createProgram([join(dir, 'main.ts')], { strict: true, noEmit: true, types: [] });
  return ts.getPreEmitDiagnostics(compiled).map((diagnostic) => diagnostic.code);
}

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

// Import and export through the owner API: per-row reports that keep every good row, round
// trips CSV and JSON, bodies past express.json's 1 MB limit, and a 100,000-row CSV in flat memory.
// An import answers 202 once its file is stored; the worker stores the rows, and the import's
// status call then gives the report.
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { withTestApp } from '../helpers/test-app';
import { tempDir } from '../helpers/temp-dir';
import type { Agent } from '../helpers/accounts';
import { signInAs } from '../helpers/developer';
import { collectionWith, dbPath, ownerWithDatabase } from './owner-helpers';
import { startImport } from '../../server/services/database/transfer/import-start';
import { runDueImports } from '../../server/services/database/transfer/import-worker';
import { getImport } from '../../server/services/database/transfer/import-status';

const t = withTestApp({ config: { uploadsDir: tempDir('nindo-transfer-') } });
let owner: Agent;
let appId: string;

const FIELDS = [
  { displayName: 'Title', type: 'text', validation: { required: true, maxLength: 40 } },
  { displayName: 'Price', type: 'number' },
  { displayName: 'In stock', type: 'boolean' },
  { displayName: 'Code', type: 'text', validation: { unique: true } },
  { displayName: 'Tags', type: 'array', subtype: 'text' },
  { displayName: 'Meta', type: 'json' },
  { displayName: 'Secret', type: 'password' },
];

const importPath = (name: string): string => dbPath(appId, `/collection/${name}/document/import`);
const exportPath = (name: string, format = 'csv'): string => dbPath(appId, `/collection/${name}/document/export?format=${format}`);

const importText = (name: string, type: string, text: string) => owner.post(importPath(name)).set('Content-Type', type).send(text);

/** Starts the import (202), lets the worker store it, and answers its status call once finished. */
async function imported(name: string, type: string, text: string) {
  const started = await importText(name, type, text).expect(202);
  expect(started.body).toMatchObject({ message: 'Import started', data: { status: 'queued', imported: 0, failed: 0 } });
  await runDueImports({ ctx: t.ctx });
  const res = await owner.get(started.headers.location as string).expect(200);
  expect(res.body.data.status).toBe('finished');
  return res;
}

async function documentsOf(name: string): Promise<Record<string, unknown>[]> {
  const res = await owner.get(dbPath(appId, `/collection/${name}/document?limit=100&sort=${encodeURIComponent('{"title":1}')}`)).expect(200);
  return (res.body as { data: { items: Record<string, unknown>[] } }).data.items.map(({ _id, _created, _updated, ...fields }) => fields);
}

beforeEach(async () => {
  ({ owner, appId } = await ownerWithDatabase(t));
  await collectionWith({ owner, appId, name: 'products', attributes: FIELDS });
  await collectionWith({ owner, appId, name: 'copies', attributes: FIELDS });
});

describe('import', () => {
  it('keeps every good row of a CSV and reports each bad one (missing, mistyped, duplicate) by its row number and field', async () => {
    const csv = ['title,price,inStock,code', 'Lamp,12.5,true,L1', ',3,false,X1', 'Desk,cheap,true,D1', 'Chair,40,false,C1', 'Sofa,9,true,L1'].join('\n');
    const res = await imported('products', 'text/csv', csv);
    expect(res.body.data).toMatchObject({ imported: 2, failed: 3, complete: true });
    expect(res.body.data.errors).toEqual([
      expect.objectContaining({ row: 2, fieldErrors: { title: expect.any(String) } }),
      expect.objectContaining({ row: 3, fieldErrors: { price: expect.any(String) } }),
      expect.objectContaining({ row: 5, fieldErrors: { code: expect.any(String) } }),
    ]);
    expect(res.body.message).toBe('Imported 2 documents; 3 rows failed');
    expect((await documentsOf('products')).map((d) => d.title)).toEqual(['Chair', 'Lamp']);
  });

  it('reports a duplicate of a unique field within one file as that row, keeping the first', async () => {
    const res = await imported('products', 'application/x-ndjson', '{"title":"A","code":"same"}\n{"title":"B","code":"same"}\n{"title":"C","code":"other"}\n');
    expect(res.body.data).toMatchObject({ imported: 2, failed: 1, errors: [{ row: 2, fieldErrors: { code: expect.any(String) } }] });
    expect((await documentsOf('products')).map((d) => d.title)).toEqual(['A', 'C']);
  });

  it('reads a JSON array body over the 1 MB limit of JSON requests', async () => {
    const docs = Array.from({ length: 4000 }, (_, i) => ({ title: `Item ${i}`, meta: { note: 'x'.repeat(300) } }));
    const res = await imported('products', 'application/json', JSON.stringify(docs));
    expect(res.body.data).toMatchObject({ imported: 4000, failed: 0, complete: true });
  });

  it('stops at a JSON file that breaks off, keeping the rows before it and saying the import is incomplete', async () => {
    const res = await imported('products', 'application/json', '[{"title":"A"},{"title":"B"},{"title":');
    expect(res.body.data).toMatchObject({ imported: 2, complete: false });
    expect(res.body.data.errors.at(-1)).toMatchObject({ row: 3, message: expect.stringContaining('cannot be read') });
    expect(res.body.message).toContain('the file could not be read to its end');
  });

  it('refuses another media type with 415 and a stranger with 404', async () => {
    await importText('products', 'text/plain', 'title\nA').expect(415);
    const { agent: stranger } = await signInAs({ app: t.app, ctx: t.ctx, email: 'stranger@example.com' });
    const res = await stranger.post(importPath('products')).set('Content-Type', 'text/csv').send('title\nA').expect(404);
    expect(res.body.message).toBe('App not found');
  });

  it('says a collection without fields needs one first', async () => {
    await collectionWith({ owner, appId, name: 'bare', attributes: [] });
    const res = await importText('bare', 'text/csv', 'title\nA').expect(400);
    expect(res.body.message).toBe('Please create a field first');
  });
});

describe('export', () => {
  const tricky = [
    { title: 'Quote "q", comma', price: 1.5, inStock: true, code: 'a', tags: ['x', 'y,z'], meta: { nested: ['"', '\n'] }, secret: 'hunter2hunter2' },
    { title: 'Line\nbreak', price: -3, inStock: false, code: 'b', tags: [], meta: 'just text' },
    { title: 'Zoë 日本', code: 'c' },
  ];

  beforeEach(async () => {
    for (const doc of tricky) await owner.post(dbPath(appId, '/collection/products/document')).send(doc).expect(200);
  });

  it.each(['csv', 'json'])('round-trips every value through %s, never a password', async (format) => {
    const file = await owner.get(exportPath('products', format)).buffer(true).parse((res, done) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => done(null, text));
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="products.${format}"`);
    expect(file.body as string).not.toContain('hunter2');
    const res = await imported('copies', format === 'csv' ? 'text/csv' : 'application/json', file.body as string);
    expect(res.body.data).toMatchObject({ imported: 3, failed: 0 });
    expect(await documentsOf('copies')).toEqual(await documentsOf('products'));
  });

  it('answers 404 for a collection the app does not have', async () => {
    await owner.get(exportPath('missing')).expect(404);
  });
});

describe('a 100,000-row CSV', () => {
  const ROWS = 100_000;
  /** About 25 MB of CSV, made as it is read: the test holds no more of it than the importer does. */
  function* csvLines(): Generator<string> {
    yield 'title,price,inStock,code,meta\n';
    for (let i = 1; i <= ROWS; i += 1) yield `Item ${i},${i % 1000},${i % 2 === 0},code-${i},"{""note"":""${'n'.repeat(180)}""}"\n`;
  }

  // Sampled after a full collection, so the peak is what the import keeps, not garbage a lazy
  // collector has not swept yet (which depends on the engine's driver and the machine's load).
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const retainedHeap = (): number => {
    gc();
    return process.memoryUsage().heapUsed;
  };

  it('imports with flat memory', async () => {
    const before = retainedHeap();
    let peak = before;
    // Every 250 ms, or four times as long as the last full collection took: on a loaded machine a
    // collection every 250 ms took most of the time and the import ran past the test's timeout.
    let sampler: NodeJS.Timeout | undefined;
    const sample = (): void => {
      const started = performance.now();
      peak = Math.max(peak, retainedHeap());
      sampler = setTimeout(sample, Math.max(250, 4 * (performance.now() - started)));
    };
    sampler = setTimeout(sample, 250);
    const job = await startImport({ ctx: t.ctx, appId, name: 'products', format: 'csv', body: Readable.from(csvLines()) })
      .then(async (started) => {
        await runDueImports({ ctx: t.ctx });
        return started;
      })
      .finally(() => clearTimeout(sampler));
    expect(await getImport({ ctx: t.ctx, appId, importId: job._id })).toMatchObject({ status: 'finished', imported: ROWS, failed: 0, errors: [], complete: true });
    // Held whole, the file and its rows would take several times this.
    expect((peak - before) / 1024 / 1024).toBeLessThan(40);
  }, 180_000);
});

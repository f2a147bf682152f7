// Imports as background jobs through the owner API: 202 with the queued import at once, then the
// status call's counts, progress and per-row report; the collection's latest imports; the header
// checked when the file is stored; the bounds on open imports and on the report's size.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { tempDir } from '../helpers/temp-dir';
import type { Agent } from '../helpers/accounts';
import { signInAs } from '../helpers/developer';
import { collectionWith, dbPath, ownerWithDatabase } from './owner-helpers';
import { runDueImports } from '../../server/services/database/transfer/import-worker';
import { BATCH_ROWS } from '../../server/services/database/transfer/import-run';
import { ROW_ERROR_LIMITS } from '../../server/services/database/transfer/row-errors';
import { importJobs } from '../../server/services/database/transfer/import-jobs';
import { documentBytes, usageOf } from '../../server/services/database/quotas';
import { findCollection } from '../../server/services/database/collections';
import { documentStore } from '../../server/services/database/model';
import { MAX_IMPORT_COLUMNS, MAX_LISTED_ERRORS, MAX_OPEN_IMPORTS } from '../../rules/database-transfer';

const t = withTestApp({ config: { uploadsDir: tempDir('nindo-import-jobs-') } });
let owner: Agent;
let appId: string;

const FIELDS = [
  { displayName: 'Title', type: 'text', validation: { required: true } },
  { displayName: 'Price', type: 'number' },
  { displayName: 'Code', type: 'text', validation: { unique: true } },
];

const importPath = (rest = ''): string => dbPath(appId, `/collection/products/document/import${rest}`);
const send = (text: string, type = 'text/csv') => owner.post(importPath()).set('Content-Type', type).send(text);
const statusOf = async (id: string) => (await owner.get(importPath(`/${id}`)).expect(200)).body;

beforeEach(async () => {
  ({ owner, appId } = await ownerWithDatabase(t));
  await collectionWith({ owner, appId, name: 'products', attributes: FIELDS });
});

describe('an import of a few thousand rows', () => {
  const ROWS = 3 * BATCH_ROWS + 123;
  /** Every 500th row has a price that is not a number; row 1002 repeats row 1001's code. */
  const badPrice = (row: number): boolean => row % 500 === 0;
  const codeOf = (row: number): string => `code-${row === 1002 ? 1001 : row}`;
  const csv = ['title,price,code', ...Array.from({ length: ROWS }, (_, i) => `Item ${i + 1},${badPrice(i + 1) ? 'cheap' : i + 1},${codeOf(i + 1)}`)].join('\n');
  const failedRows = [...Array.from({ length: ROWS }, (_, i) => i + 1).filter(badPrice), 1002].sort((a, b) => a - b);

  it('answers 202 at once; the status call then gives the counts, the file read, and each failed row by number', async () => {
    const started = await send(csv).expect(202);
    const id = started.body.data.id as string;
    expect(started.headers.location).toBe(importPath(`/${id}`));
    expect(started.body.data).toMatchObject({ collection: 'products', format: 'csv', status: 'queued', size: Buffer.byteLength(csv), imported: 0, failed: 0, errors: [] });
    expect(await statusOf(id)).toMatchObject({ message: 'Waiting to start', data: { status: 'queued', bytesRead: expect.any(Number) } });

    expect(await runDueImports({ ctx: t.ctx })).toBe(1);

    const done = await statusOf(id);
    const failed = failedRows.length;
    expect(done.message).toBe(`Imported ${(ROWS - failed).toLocaleString('en-US')} documents; ${failed} rows failed`);
    expect(done.data).toMatchObject({ status: 'finished', imported: ROWS - failed, failed, complete: true, bytesRead: Buffer.byteLength(csv), finished: expect.any(String) });
    expect(done.data.errors.map((e: { row: number }) => e.row)).toEqual(failedRows);
    expect(done.data.errors[0]).toEqual({ row: 500, message: 'Price must be a number', fieldErrors: { price: 'Price must be a number' } });
    expect(done.data.errors.find((e: { row: number }) => e.row === 1002)).toMatchObject({ fieldErrors: { code: 'Code is already used by another document' } });

    const count = await owner.get(dbPath(appId, '/collection/products/document/count')).expect(200);
    expect(count.body.data.count).toBe(ROWS - failed);
    const collection = await findCollection({ ctx: t.ctx, appId, name: 'products' });
    const stored = await documentStore(t.ctx, collection._id).find({});
    expect(await usageOf({ ctx: t.ctx, appId })).toEqual({ documents: ROWS - failed, bytes: stored.reduce((sum, doc) => sum + documentBytes(doc), 0) });
  });

  it('is listed among the collection\'s latest imports, newest first, without its failed rows', async () => {
    const first = (await send(csv).expect(202)).body.data.id as string;
    await runDueImports({ ctx: t.ctx });
    t.advance(1000);
    const second = (await send('title\nLate').expect(202)).body.data.id as string;
    const list = await owner.get(importPath()).expect(200);
    expect(list.body.data.map((job: { id: string; status: string }) => [job.id, job.status])).toEqual([
      [second, 'queued'],
      [first, 'finished'],
    ]);
    expect(list.body.data[1]).not.toHaveProperty('errors');
  });
});

describe('the file checked when it is stored', () => {
  it.each([
    ['a column that is no field', 'title,colour,size\nA,red,2', 'These columns are not fields of the collection: colour, size'],
    ['a repeated column', 'title,title\nA,B', 'The column title appears twice in the header row'],
    ['a blank column name', 'title, ,price\nA,,1', 'Column 2 of the header row has no name'],
    ['an empty file', '', 'The file is empty'],
    ['a header that cannot be read', '"title\nA', 'This row cannot be read as CSV (line 1): Quote Not Closed'],
    ['too many columns', `${Array.from({ length: MAX_IMPORT_COLUMNS + 1 }, (_, i) => `c${i}`).join(',')}\n`, `The header row has more than ${MAX_IMPORT_COLUMNS} columns`],
  ])('refuses %s with 400 and keeps nothing', async (_case, text, message) => {
    const res = await send(text).expect(400);
    expect(res.body.message).toBe(message);
    expect(await importJobs(t.ctx).count({ appId })).toBe(0);
  });

  it('takes the system columns of an export and ignores them', async () => {
    const id = (await send('_id,_created,title\nx,2020-01-01,A').expect(202)).body.data.id as string;
    await runDueImports({ ctx: t.ctx });
    expect((await statusOf(id)).data).toMatchObject({ imported: 1, failed: 0 });
  });
});

describe('bounds', () => {
  it(`refuses a start past ${MAX_OPEN_IMPORTS} open imports of the app with 429, until one has finished`, async () => {
    for (let i = 0; i < MAX_OPEN_IMPORTS; i += 1) await send(`title\nA${i}`).expect(202);
    const refused = await send('title\nB').expect(429);
    expect(refused.body.message).toBe(`At most ${MAX_OPEN_IMPORTS} imports of an app can run at once: wait for one to finish`);
    expect(refused.headers['retry-after']).toBe('30');
    await runDueImports({ ctx: t.ctx });
    await send('title\nB').expect(202);
  });

  it('counts every failed row but lists the first ones only, each cut to its bounds', async () => {
    const longKey = 'k'.repeat(5000);
    const bad = Array.from({ length: MAX_LISTED_ERRORS + 200 }, (_, i) =>
      JSON.stringify({ title: `T${i}`, ...Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`${k}${longKey}`, 1])) }),
    );
    const id = (await send(bad.join('\n'), 'application/x-ndjson').expect(202)).body.data.id as string;
    await runDueImports({ ctx: t.ctx });
    const { data } = await statusOf(id);
    expect(data).toMatchObject({ imported: 0, failed: MAX_LISTED_ERRORS + 200 });
    expect(data.errors).toHaveLength(MAX_LISTED_ERRORS);
    const [first] = data.errors as { fieldErrors: Record<string, string>; message: string }[];
    expect(Object.keys(first.fieldErrors)).toHaveLength(ROW_ERROR_LIMITS.fields);
    for (const [name, text] of Object.entries(first.fieldErrors)) {
      expect(name.length).toBeLessThanOrEqual(ROW_ERROR_LIMITS.name);
      expect(text.length).toBeLessThanOrEqual(ROW_ERROR_LIMITS.message);
    }
    expect(first.message.length).toBeLessThanOrEqual(ROW_ERROR_LIMITS.message);
  });

  it('answers 404 for an import of another owner\'s app, and for an unknown id', async () => {
    const id = (await send('title\nA').expect(202)).body.data.id as string;
    const { agent: stranger } = await signInAs({ app: t.app, ctx: t.ctx, email: 'stranger@example.com' });
    expect((await stranger.get(importPath(`/${id}`)).expect(404)).body.message).toBe('App not found');
    expect((await owner.get(importPath('/no-such-import')).expect(404)).body.message).toBe('Import not found');
    await request(t.app).get(importPath(`/${id}`)).expect(401);
  });
});

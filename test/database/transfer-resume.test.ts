// An import is carried on by another instance after the one running it died: two apps on one
// store (one SQLite file, or under test:mongo one MongoDB database) and one blob folder. The first
// dies after some batches (its store closed under it, as a killed process leaves things: the lease
// held, maybe a batch written whose progress was never saved); the second takes the import once the
// lease has run out and finishes it with every row stored exactly once and each failure listed once.
// The first dies between batches, its charge of the next batch held: a death between a batch's
// charge and its insert leaves that batch counted twice, the gap docs/database.md leaves open,
// which this test used to meet now and then on a loaded machine.
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { tempDir } from '../helpers/temp-dir';
import { signInAs, createAppAs } from '../helpers/developer';
import { collectionWith, dbPath } from './owner-helpers';
import { findCollection } from '../../server/services/database/collections';
import { documentStore } from '../../server/services/database/model';
import { documentBytes, usageOf } from '../../server/services/database/quotas';
import { DB_USAGE } from '../../server/services/database/usage-versions';
import type { Collection, Doc } from '../../server/storage/port';
import { importErrors, importJobs } from '../../server/services/database/transfer/import-jobs';
import type { ImportJobDoc } from '../../server/services/database/transfer/import-jobs';
import { LEASE_MS } from '../../server/services/database/transfer/import-queue';
import { BATCH_ROWS } from '../../server/services/database/transfer/import-run';
import { runDueImports } from '../../server/services/database/transfer/import-worker';
import { log } from '../../server/observability/log';

const ROWS = 10 * BATCH_ROWS + 77;
/** Every 1000th row fails (its price is not a number). */
const bad = (row: number): boolean => row % 1000 === 0;
const FAILED = Array.from({ length: ROWS }, (_, i) => i + 1).filter(bad);
const csv = ['title,price', ...Array.from({ length: ROWS }, (_, i) => `Row ${i + 1},${bad(i + 1) ? 'n/a' : i + 1}`)].join('\n');

/** Waits, a turn at a time, until the import's saved progress passes `row`; answers the record then. */
async function progressPast({ t, id, row }: { t: TestApp; id: string; row: number }): Promise<ImportJobDoc> {
  for (;;) {
    const job = await importJobs(t.ctx).findOne({ _id: id });
    if (job && job.position.row >= row) return job;
    if (job?.status === 'finished') throw new Error('The import finished before it could be interrupted');
    await nextTurn();
  }
}

/** The instance's usage versions (its quota charges) wait forever once `when` answers true. */
function holdUsageWrites({ t, when }: { t: TestApp; when: () => Promise<boolean> }) {
  const collection = t.ctx.store.collection.bind(t.ctx.store);
  return jest.spyOn(t.ctx.store, 'collection').mockImplementation(<T extends Doc>(name: string): Collection<T> => {
    const found = collection<T>(name);
    if (name !== DB_USAGE) return found;
    const insertOne: Collection<T>['insertOne'] = async (...args) => {
      if (await when()) await new Promise<never>(() => undefined);
      return found.insertOne(...args);
    };
    return Object.assign(Object.create(found) as Collection<T>, { insertOne });
  });
}

const progressFields = ({ position, imported, failed, listed, complete, attempts }: ImportJobDoc) => ({ position, imported, failed, listed, complete, attempts });

describe.each([
  ['right after a saved batch', false],
  ['after batches were written whose progress was never saved', true],
])('an import whose instance dies %s', (_case, losesProgress) => {
  let first: TestApp;
  let second: TestApp;

  beforeEach(async () => {
    const dir = tempDir('nindo-import-resume-');
    const config = { sqlitePath: join(dir, 'store.sqlite'), uploadsDir: join(dir, 'uploads') };
    first = await createTestApp(config);
    second = await createTestApp(config);
  });

  afterEach(async () => {
    // The first instance's failure after its store closed is logged whenever it comes.
    jest.restoreAllMocks();
    await first.close().catch(() => undefined);
    await second.close();
  });

  it('is finished by another instance once the lease has run out, every row stored exactly once', async () => {
    const { agent: owner } = await signInAs({ app: first.app, ctx: first.ctx, email: `resume-${String(losesProgress)}@example.com` });
    const appId = await createAppAs({ agent: owner, name: 'Resume App' });
    await owner.post(dbPath(appId)).expect(200);
    await collectionWith({ owner, appId, name: 'rows', attributes: [{ displayName: 'Title', type: 'text' }, { displayName: 'Price', type: 'number' }] });
    const started = await owner.post(dbPath(appId, '/collection/rows/document/import')).set('Content-Type', 'text/csv').send(csv).expect(202);
    const id = started.body.data.id as string;

    // The first instance runs the import and dies after some batches (its failure is logged): its
    // charge of the batch after the target waits forever, so it dies right after a saved batch.
    jest.spyOn(log, 'error').mockImplementation(() => undefined);
    let target = Number.POSITIVE_INFINITY;
    const pastTarget = async () => ((await importJobs(first.ctx).findOne({ _id: id }))?.position.row ?? 0) >= target;
    holdUsageWrites({ t: first, when: pastTarget });
    void runDueImports({ ctx: first.ctx }).catch((err: unknown) => err);
    const early = await progressPast({ t: second, id, row: BATCH_ROWS });
    target = early.position.row + 2 * BATCH_ROWS;
    await progressPast({ t: second, id, row: target });
    await first.close();
    // Killed between writing batches and saving their progress: the record still says `early`.
    if (losesProgress) await importJobs(second.ctx).updateOne({ _id: id }, { $set: progressFields(early) });
    const stranded = await importJobs(second.ctx).findOne({ _id: id });
    expect(stranded).toMatchObject({ status: 'running', leaseId: expect.any(String) });
    expect(stranded?.position.row).toBeLessThan(ROWS);

    // Not before its lease has run out; then from its last saved batch.
    expect(await runDueImports({ ctx: second.ctx })).toBe(0);
    second.advance(LEASE_MS + 1);
    expect(await runDueImports({ ctx: second.ctx })).toBe(1);

    const job = await importJobs(second.ctx).findOne({ _id: id });
    expect(job).toMatchObject({ status: 'finished', imported: ROWS - FAILED.length, failed: FAILED.length, listed: FAILED.length, complete: true });
    const collection = await findCollection({ ctx: second.ctx, appId, name: 'rows' });
    const docs = await documentStore(second.ctx, collection._id).find({}, { sort: { _id: 1 } });
    const titles = docs.map((doc) => Number(String(doc.title).slice('Row '.length)));
    expect(titles).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1).filter((row) => !bad(row)));
    expect((await importErrors(second.ctx).find({ jobId: id }, { sort: { row: 1 } })).map((error) => error.row)).toEqual(FAILED);
    // Charged once for each stored document, to the byte.
    expect(await usageOf({ ctx: second.ctx, appId })).toEqual({ documents: ROWS - FAILED.length, bytes: docs.reduce((sum, doc) => sum + documentBytes(doc), 0) });
  }, 120_000);
});

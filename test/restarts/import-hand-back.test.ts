// An import under way when its instance stops (issue 22 item 5): the attempt ends after the batch
// being stored and gives the import back, due at once and without counting the attempt, and the
// next attempt carries it on from that batch to the end with every row stored once.
import { withTestApp } from '../helpers/test-app';
import { tempDir } from '../helpers/temp-dir';
import type { Agent } from '../helpers/accounts';
import { collectionWith, dbPath, ownerWithDatabase } from '../database/owner-helpers';
import { runDueImports } from '../../server/services/database/transfer/import-worker';
import { BATCH_ROWS, runImport } from '../../server/services/database/transfer/import-run';
import { claimDueImports } from '../../server/services/database/transfer/import-queue';
import { importJobs } from '../../server/services/database/transfer/import-jobs';

const t = withTestApp({ config: { uploadsDir: tempDir('nindo-import-hand-back-') } });
let owner: Agent;
let appId: string;

const ROWS = 3 * BATCH_ROWS + 7;
const csv = ['title,code', ...Array.from({ length: ROWS }, (_, i) => `Item ${i + 1},code-${i + 1}`)].join('\n');

beforeEach(async () => {
  ({ owner, appId } = await ownerWithDatabase(t));
  await collectionWith({ owner, appId, name: 'products', attributes: [{ displayName: 'Title', type: 'text' }, { displayName: 'Code', type: 'text', validation: { unique: true } }] });
});

it('gives an import back after the batch being stored when the instance stops, and the next attempt finishes it', async () => {
  const started = await owner.post(dbPath(appId, '/collection/products/document/import')).set('Content-Type', 'text/csv').send(csv).expect(202);
  const id = started.body.data.id as string;
  const [claimed] = await claimDueImports({ ctx: t.ctx, max: 1 });
  expect(claimed).toMatchObject({ _id: id, attempts: 1, status: 'running' });

  await runImport({ ctx: t.ctx, job: claimed, stopping: () => true });

  const handedBack = await importJobs(t.ctx).findOne({ _id: id });
  expect(handedBack).toMatchObject({ status: 'running', attempts: 0, imported: BATCH_ROWS, nextAttemptAt: t.ctx.now().toISOString() });
  expect(handedBack?.leaseId).toBeUndefined();
  expect(handedBack?.position.row).toBe(BATCH_ROWS);

  expect(await runDueImports({ ctx: t.ctx })).toBe(1);
  const done = await importJobs(t.ctx).findOne({ _id: id });
  expect(done).toMatchObject({ status: 'finished', imported: ROWS, failed: 0, complete: true, attempts: 1 });
  const count = await owner.get(dbPath(appId, '/collection/products/document/count')).expect(200);
  expect(count.body.data.count).toBe(ROWS);
});

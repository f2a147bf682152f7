// The import worker: polls the queue and carries on one import at a time per instance (an import
// keeps the store's writer busy; several at once would only take turns). Any number of instances
// may run side by side.
import type { AppContext } from '../../../context';
import { runAllDue, startClaimLoop } from '../../claim-loop';
import type { ClaimLoop } from '../../claim-loop';
import { claimDueImports } from './import-queue';
import { DB_IMPORTS } from './import-jobs';
import type { ImportJobDoc } from './import-jobs';
import { runImport } from './import-run';
import { importWake } from './import-wake';

const imports: ClaimLoop<ImportJobDoc> = {
  name: 'Database import',
  batch: 1,
  idlePollMs: 1000,
  wake: importWake,
  claim: claimDueImports,
  run: ({ ctx, item, stopping }) => runImport({ ctx, job: item, stopping }),
  leaseOf: (job) => (job.leaseId ? { collection: DB_IMPORTS, field: 'leaseId', leaseId: job.leaseId } : undefined),
};

/** Runs every import due now, and those falling due meanwhile, until none is left (tests, scripts). */
export const runDueImports = ({ ctx }: { ctx: AppContext }): Promise<number> => runAllDue({ ctx, loop: imports });

export const startImportWorker = (ctx: AppContext): (() => Promise<void>) => startClaimLoop({ ctx, loop: imports });

// The job worker: polls the queue and runs due jobs a few at a time. Provider calls are slow
// and few, so a small batch suffices. Any number of instances may run side by side.
import type { AppContext } from '../../../context';
import { runAllDue, startClaimLoop } from '../../claim-loop';
import type { ClaimLoop } from '../../claim-loop';
import { claimDueJobs } from './queue';
import { APP_USER_JOBS } from './model';
import type { AppUserJobDoc } from './model';
import { runJob } from './run';
import { jobWake } from './wake';

const jobs: ClaimLoop<AppUserJobDoc> = {
  name: 'App user job',
  batch: 8,
  idlePollMs: 1000,
  wake: jobWake,
  claim: claimDueJobs,
  run: ({ ctx, item }) => runJob({ ctx, job: item }),
  leaseOf: (job) => (job.leaseId ? { collection: APP_USER_JOBS, field: 'leaseId', leaseId: job.leaseId } : undefined),
};

/** Runs every job due now, and those falling due meanwhile, until none is left (tests, scripts). */
export const runDueJobs = ({ ctx }: { ctx: AppContext }): Promise<number> => runAllDue({ ctx, loop: jobs });

export const startAppUserJobWorker = (ctx: AppContext): (() => Promise<void>) => startClaimLoop({ ctx, loop: jobs });

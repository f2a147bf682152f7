// The durable jobs of the app-users area: a cancel, change or refund asked for by the developer,
// carried out against the payment provider by the worker. The queue lives in the store, so a
// job outlives the process that accepted it and any instance may run it.
import type { AppContext } from '../../../context';
import type { Collection, Doc, IndexSpec } from '../../../storage/port';
import type { LeasedJob } from '../../claim-loop';

export type AppUserJobKind = 'cancel' | 'change' | 'refund';

export interface AppUserJobDoc extends Doc, LeasedJob {
  appId: string;
  appUserId: string;
  kind: AppUserJobKind;
  platform: string;
  /** The subscription (cancel, change) or charge (refund) acted on. */
  targetId: string;
  /** change: the new plan, its variant and the provider's plan id for it. */
  planId?: string;
  planPricingVariantId?: string;
  platformPlanId?: string;
  /** refund: major units; the whole refundable amount when absent. */
  refundAmount?: number;
  cancelUserSubscription?: boolean;
  /** Finished jobs stay as a record of what was done. */
  status: 'pending' | 'succeeded' | 'failed';
}

export const APP_USER_JOBS = 'appUserJobs';

export const appUserJobs = (ctx: AppContext): Collection<AppUserJobDoc> => ctx.store.collection<AppUserJobDoc>(APP_USER_JOBS);

export const appUserJobIndexes: IndexSpec[] = [
  { collection: APP_USER_JOBS, fields: { status: 1, nextAttemptAt: 1 } },
  { collection: APP_USER_JOBS, fields: { leaseId: 1 } },
  { collection: APP_USER_JOBS, fields: { appId: 1, appUserId: 1 } },
];

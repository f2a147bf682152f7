// The renewal worker: polls for due subscriptions and renews them a few at a time. Renewals are
// due by the day, so a slow poll suffices; any number of instances may run side by side.
import type { AppContext } from '../../../context';
import { runAllDue, startClaimLoop } from '../../claim-loop';
import type { ClaimLoop } from '../../claim-loop';
import { createWake } from '../../queue-wake';
import { SUBSCRIPTIONS } from '../model';
import type { SubscriptionDoc } from '../model';
import { claimDueRenewals } from './claim';
import { runRenewal } from './run';

const renewals: ClaimLoop<SubscriptionDoc> = {
  name: 'Billing renewal',
  batch: 8,
  idlePollMs: 30_000,
  wake: createWake(),
  claim: claimDueRenewals,
  run: ({ ctx, item }) => runRenewal({ ctx, subscription: item }),
  leaseOf: (subscription) => (subscription.renewalLeaseId ? { collection: SUBSCRIPTIONS, field: 'renewalLeaseId', leaseId: subscription.renewalLeaseId } : undefined),
};

/** Renews every subscription due now until none is left (tests, scripts). */
export const runDueRenewals = ({ ctx }: { ctx: AppContext }): Promise<number> => runAllDue({ ctx, loop: renewals });

export const startRenewalWorker = (ctx: AppContext): (() => Promise<void>) => startClaimLoop({ ctx, loop: renewals });

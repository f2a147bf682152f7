// Calls made with an app's access tokens and to its public data API, counted per UTC calendar
// month: the dashboard's "requests" meter and the data API's monthly limit. Counted in memory and
// written per process (metering/shared-counts.ts): no store write per call, no lock.
import type { AppContext } from '../../../context';
import type { SharedCount } from '../../metering/shared-counts';
import { addCount, storedCount } from '../../metering/shared-counts';
import { APP_REQUEST_COUNTERS } from './model';

const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/** One document `{appId, month, count}` per app, month and process. */
const monthlyRequests: SharedCount = {
  collection: APP_REQUEST_COUNTERS,
  periodOf: monthOf,
  fieldsOf: (appId, month) => ({ appId, month }),
};

/** Counts `add` calls (0: none, only looks); answers the month's count as this process knows it, including them. */
export const countRequest = ({ ctx, appId, add = 1 }: { ctx: AppContext; appId: string; add?: number }): Promise<number> =>
  addCount({ ctx, shared: monthlyRequests, key: appId, add });

/** The month's calls as written by every instance (each writes within a quarter second). */
export const requestsThisMonth = ({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<number> =>
  storedCount({ ctx, shared: monthlyRequests, key: appId, period: monthOf(ctx.now()) });

// Every collection holding data that belongs to one app (by its appId field): measured for the
// storage meter and removed with the app. Areas that store per-app data add their collection here.
import type { AppContext } from '../../context';
import { WEBHOOKS, WEBHOOK_DELIVERIES, WEBHOOK_EVENTS, WEBHOOK_REQUESTS } from '../webhooks/model';
import { APP_USERS, CHARGES, INTEGRATIONS, SUBSCRIPTIONS } from './model';
import { APP_INSTALL_CODES, APP_TOKENS, APP_REQUEST_COUNTERS } from './install/model';
import { PAYMENT_COLLECTIONS } from '../payments/model';
import { APP_USER_JOBS } from '../app-users/jobs/model';
import { deleteDatabase } from '../database/databases';
import { DB_USAGE, usageOf } from '../database/quotas';
import { DB_REQUEST_WINDOWS } from '../database/public/request-limits';

/** Counted in the storage meter: the app's own records (its database's documents come from their running counter). */
export const APP_DATA_COLLECTIONS = [APP_USERS, SUBSCRIPTIONS, CHARGES, INTEGRATIONS];

const APP_OWNED_COLLECTIONS = [
  ...APP_DATA_COLLECTIONS,
  WEBHOOKS,
  WEBHOOK_EVENTS,
  WEBHOOK_DELIVERIES,
  WEBHOOK_REQUESTS,
  APP_INSTALL_CODES,
  APP_TOKENS,
  APP_REQUEST_COUNTERS,
  ...PAYMENT_COLLECTIONS,
  APP_USER_JOBS,
  DB_USAGE,
  DB_REQUEST_WINDOWS,
];

/** Bytes of the app's stored records, measured as their JSON. */
export async function appStorageBytes({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<number> {
  let { bytes } = await usageOf({ ctx, appId });
  for (const name of APP_DATA_COLLECTIONS) {
    for (const doc of await ctx.store.collection(name).find({ appId })) bytes += Buffer.byteLength(JSON.stringify(doc));
  }
  return bytes;
}

export async function deleteAppData({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<void> {
  for (const name of APP_OWNED_COLLECTIONS) await ctx.store.collection(name).deleteMany({ appId });
  await deleteDatabase({ ctx, appId });
}

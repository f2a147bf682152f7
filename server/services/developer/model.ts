// Documents of the developer-portal area and typed accessors to their collections.
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';
import type { AppEndpoints, AppMeta, AppScope, AppStatus, DeveloperDetailsInput } from '../../../generated/client/types.gen';

/** A developer profile: the Developer Info form's fields plus ownership and dates. */
export interface DeveloperDoc extends DeveloperDetailsInput {
  _id: string;
  userId: string;
  isActive: boolean;
  created: string;
  updated?: string;
  [key: string]: unknown;
}

export interface AppDoc {
  _id: string;
  appId: string;
  name: string;
  developerIds: string[];
  /** The public App ID (equal to appId). */
  apiKey: string;
  /** Sealed with secret-box. */
  secretKey: string;
  scopes: AppScope[];
  endpoints: AppEndpoints;
  meta: AppMeta;
  status: AppStatus;
  created: string;
  updated: string;
  [key: string]: unknown;
}

export interface IntegrationDoc {
  _id: string;
  appId: string;
  platform: string;
  isActive: boolean;
  useSystemIntegration: boolean;
  /** JSON of the credential map, sealed with secret-box. */
  platformAppKeys: string;
  created: string;
  updated: string;
  [key: string]: unknown;
}

/** An installation of an app on a store (spec 001: App user). */
export interface AppUserDoc {
  _id: string;
  appId: string;
  accountName: string;
  accountEmail: string;
  platform: string;
  platformUserId: string;
  status: 'installed' | 'uninstalled';
  /** New at every install through our flow; codes and tokens carry it, so none outlives its installation. */
  installId?: string;
  planId?: string;
  planPricingVariantId?: string;
  notes?: { id: string; title: string; description?: string }[];
  created: string;
  updated?: string;
  uninstalled?: string;
  [key: string]: unknown;
}

export interface SubscriptionDoc {
  _id: string;
  appId: string;
  appUserId: string;
  planId: string;
  planPricingVariantId?: string;
  platform: string;
  platformSubscriptionId?: string;
  status: string;
  created: string;
  [key: string]: unknown;
}

export interface ChargeDoc {
  _id: string;
  appId: string;
  appUserId: string;
  /** Major units (dollars), as shown. */
  amount: number;
  currency: string;
  platform: string;
  platformReceiptUrl?: string;
  /** The provider's id of the payment, for refunds. */
  platformChargeId?: string;
  /** succeeded, partially_refunded, refunded or failed. */
  status: string;
  /** Major units refunded so far. */
  refundedAmount?: number;
  planId?: string;
  created: string;
  [key: string]: unknown;
}

export const DEVELOPERS = 'developers';
export const APPS = 'apps';
export const INTEGRATIONS = 'integrations';
export const APP_USERS = 'appUsers';
export const SUBSCRIPTIONS = 'subscriptions';
export const CHARGES = 'charges';

export const developers = (ctx: AppContext): Collection<DeveloperDoc> => ctx.store.collection<DeveloperDoc>(DEVELOPERS);
export const apps = (ctx: AppContext): Collection<AppDoc> => ctx.store.collection<AppDoc>(APPS);
export const integrations = (ctx: AppContext): Collection<IntegrationDoc> => ctx.store.collection<IntegrationDoc>(INTEGRATIONS);
export const appUsers = (ctx: AppContext): Collection<AppUserDoc> => ctx.store.collection<AppUserDoc>(APP_USERS);
export const subscriptions = (ctx: AppContext): Collection<SubscriptionDoc> => ctx.store.collection<SubscriptionDoc>(SUBSCRIPTIONS);
export const charges = (ctx: AppContext): Collection<ChargeDoc> => ctx.store.collection<ChargeDoc>(CHARGES);

export const developerPortalIndexes: IndexSpec[] = [
  { collection: APPS, fields: { developerIds: 1 } },
  { collection: APPS, fields: { status: 1, created: -1 } },
  { collection: INTEGRATIONS, fields: { appId: 1, platform: 1 }, unique: true },
  { collection: APP_USERS, fields: { appId: 1, platform: 1, platformUserId: 1 }, unique: true },
  { collection: APP_USERS, fields: { appId: 1, created: 1 } },
  { collection: SUBSCRIPTIONS, fields: { appId: 1, created: 1 } },
  { collection: CHARGES, fields: { appId: 1, created: 1 } },
];

// Install codes, access tokens and request counters of the app install flow. Codes and tokens
// are stored only as SHA-256 digests: a leaked database holds nothing usable.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../context';
import type { Collection, IndexSpec } from '../../../storage/port';
import type { AppScope } from '../../../../generated/client/types.gen';

export const APP_INSTALL_CODES = 'appInstallCodes';
export const APP_TOKENS = 'appTokens';
export const APP_REQUEST_COUNTERS = 'appRequestCounters';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;

export interface InstallCodeDoc {
  /** SHA-256 of the code. */
  _id: string;
  appId: string;
  userId: string;
  appUserId: string;
  /** The installation's installId when issued; a reinstall has another. */
  installId: string;
  scopes: AppScope[];
  expiresAt: string;
  [key: string]: unknown;
}

export interface AppTokenDoc {
  /** SHA-256 of the token. */
  _id: string;
  appId: string;
  userId: string;
  appUserId: string;
  /** The installation's installId when issued; a reinstall has another. */
  installId: string;
  scopes: AppScope[];
  created: string;
  expiresAt: string;
  [key: string]: unknown;
}

export interface RequestCounterDoc {
  /** `${appId}:${YYYY-MM}:${process}`: each server process writes its own (request-counter.ts). */
  _id: string;
  appId: string;
  month: string;
  count: number;
  [key: string]: unknown;
}

export const installCodes = (ctx: AppContext): Collection<InstallCodeDoc> => ctx.store.collection<InstallCodeDoc>(APP_INSTALL_CODES);
export const appTokens = (ctx: AppContext): Collection<AppTokenDoc> => ctx.store.collection<AppTokenDoc>(APP_TOKENS);
export const requestCounters = (ctx: AppContext): Collection<RequestCounterDoc> => ctx.store.collection<RequestCounterDoc>(APP_REQUEST_COUNTERS);

export const installIndexes: IndexSpec[] = [
  { collection: APP_TOKENS, fields: { appId: 1, userId: 1 } },
  { collection: APP_INSTALL_CODES, fields: { appId: 1 } },
  { collection: APP_REQUEST_COUNTERS, fields: { appId: 1, month: 1 } },
];

export const digest = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Constant-time comparison of two secrets of any length (compares their equal-length digests). */
export const secretsEqual = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

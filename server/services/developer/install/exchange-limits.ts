// Failed code-for-token exchanges are limited per app (client_id) and per address, so an App
// Secret cannot be guessed by brute force from one address or from many. The per-app limit
// holds only requests with a wrong secret: the App ID is public, so anyone can fill that limit,
// and the app's own server, which knows the secret, must not be locked out by them.
import { addressKey } from '../../../http/client-address';
import type { Limit } from '../../accounts/rate-limit';

const WINDOW_MS = 15 * 60 * 1000;

/** Failures allowed per window of 15 minutes. */
export const EXCHANGE_LIMITS = { perApp: 10, perAddress: 20 };

export const exchangeLimits = ({ appId, ip, secretOk }: { appId: string; ip: string; secretOk: boolean }): Limit[] => [
  ...(secretOk ? [] : [{ key: `oauth-token:app:${appId}`, max: EXCHANGE_LIMITS.perApp, windowMs: WINDOW_MS }]),
  { key: `oauth-token:ip:${addressKey(ip)}`, max: EXCHANGE_LIMITS.perAddress, windowMs: WINDOW_MS },
];

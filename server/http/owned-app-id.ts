// The owner's side of an app-scoped area: the app must be the signed-in developer's (else 404).
import type { Request } from 'express';
import type { AppContext } from '../context';
import { requireUserId } from './handler';
import { findOwnedApp } from '../services/developer/owned-app';

export async function ownedAppId({ ctx, req, appId }: { ctx: AppContext; req: Request; appId: string }): Promise<string> {
  const app = await findOwnedApp({ ctx, userId: requireUserId(req), appId });
  return app._id;
}

/** `expand=a,b` -> ['a', 'b']. */
export const expandList = (expand?: string): string[] =>
  (expand ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

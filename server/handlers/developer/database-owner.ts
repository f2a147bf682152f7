// The owner's side of the database: every call checks the app is the signed-in developer's first.
import type { Request } from 'express';
import type { AppContext } from '../../context';
import { requireUserId } from '../../http/handler';
import { findOwnedApp } from '../../services/developer/owned-app';

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

// Who a written document belongs to (`_owner`, issue 28): the app user who creates it, set by
// the server whatever the body says; the app may give a document to one of its users or take it
// back (null), and the user must be the app's (409 under _owner otherwise).
import type { AppContext } from '../../../context';
import { ConflictError } from '../../../http/errors';
import { appUsers } from '../../developer/model';
import { OWNER_FIELD } from '../validate-document';
import type { Caller } from './callers';

/** undefined: leave as it is (update) or none (create). */
export async function ownerOfWrite({ ctx, appId, caller, body, mode }: { ctx: AppContext; appId: string; caller: Caller; body: Record<string, unknown>; mode: 'create' | 'update' }): Promise<string | null | undefined> {
  if (caller.kind === 'user') return mode === 'create' ? caller.appUserId : undefined;
  if (caller.kind !== 'app' || !(OWNER_FIELD in body)) return undefined;
  const owner = body[OWNER_FIELD];
  if (owner === null) return null;
  if (typeof owner !== 'string' || !(await appUsers(ctx).findOne({ _id: owner, appId }))) {
    const message = `${String(owner)} is not a user of this app`;
    throw new ConflictError(message, { [OWNER_FIELD]: message });
  }
  return owner;
}

// Who is calling and what the collection's rule lets them reach (rules/): the one gate every
// public path passes. A rule no caller of this kind can pass refuses the call (401 for nobody, 403
// for a user); otherwise the call goes on with the rule's scope, which the path ANDs into its read.
import type { AppContext } from '../../../context';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../../http/errors';
import { freshCollection } from '../collections';
import type { CollectionDoc } from '../model';
import { identifyCaller } from './callers';
import type { Caller } from './callers';
import { challengedOn401 } from './challenge';
import { meterRequest } from './request-limits';
import { ruleFilter } from './rules';
import type { RuleName, RuleScope } from './rules';

export const ACCESS_MESSAGES = {
  missingCredentials: 'Missing credentials',
  appOnly: 'This collection is open to its app only',
  createRefused: 'The collection\'s create rule does not allow this document',
  updateRefused: 'The collection\'s update rule does not allow this document as the update leaves it',
};

/** Where the request came from: the path's app and collection, the Authorization header, the portal session. */
export interface PublicRequest {
  ctx: AppContext;
  appId: string;
  collection: string;
  authorization?: string;
  sessionUserId?: string;
}

export interface Admitted {
  collection: CollectionDoc;
  caller: Caller;
  scope: Exclude<RuleScope, { allow: 'none' }>;
}

export const refusal = (caller: Caller): Error =>
  caller.kind === 'anonymous' ? new UnauthorizedError(ACCESS_MESSAGES.missingCredentials) : new ForbiddenError(ACCESS_MESSAGES.appOnly);

/** The collection by name; an anonymous caller learns nothing of which names exist. */
export async function collectionFor({ ctx, appId, name, caller }: { ctx: AppContext; appId: string; name: string; caller: Caller }): Promise<CollectionDoc> {
  try {
    return await freshCollection({ ctx, appId, name });
  } catch (err) {
    if (err instanceof NotFoundError && caller.kind === 'anonymous') throw new UnauthorizedError(ACCESS_MESSAGES.missingCredentials);
    throw err;
  }
}

/** The caller's scope under one rule of a collection, refused when it is none. */
export function scopeFor({ collection, rule, caller }: { collection: CollectionDoc; rule: RuleName; caller: Caller }): Admitted['scope'] {
  const scope = ruleFilter({ collection, rule, caller });
  if (scope.allow === 'none') throw refusal(caller);
  return scope;
}

async function admit({ ctx, appId, collection: name, authorization, sessionUserId, rule }: PublicRequest & { rule: RuleName }): Promise<Admitted> {
  const { caller, counted } = await identifyCaller({ ctx, appId, authorization, sessionUserId });
  const collection = await collectionFor({ ctx, appId, name, caller });
  const scope = scopeFor({ collection, rule, caller });
  // Metered once admitted: refused calls by anybody must not use up the app's requests.
  await meterRequest({ ctx, appId, counted });
  return { collection, caller, scope };
}

/** Every 401 carries the data API's WWW-Authenticate challenge. */
export const authorise = (input: PublicRequest & { rule: RuleName }): Promise<Admitted> => challengedOn401(input, () => admit(input));

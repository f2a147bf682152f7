// The Settings tab's "try as" (issue 28): the documents one caller (anonymous, the app, or one of
// its users) would get from a list, under rules as typed (checked as a save checks them) or the
// saved ones, so the owner sees what a rule does before saving it.
import type { AppContext } from '../../../context';
import { NotFoundError } from '../../../http/errors';
import type { DataRules } from '../../../../generated/client/types.gen';
import { appUsers } from '../../developer/model';
import { findCollection } from '../collections';
import { documentStore } from '../model';
import type { DbDocument } from '../model';
import { viewDocument } from '../view';
import type { Caller } from './callers';
import { checkRules, ruleFilter, within } from './rules';

export const TRIAL_PAGE_SIZE = 20;
export const APP_USER_NOT_FOUND = 'App user not found';

async function callerOf({ ctx, appId, as }: { ctx: AppContext; appId: string; as: string }): Promise<Caller> {
  if (as === 'anonymous' || as === 'app') return { kind: as };
  const appUserId = as.slice('user:'.length);
  if (!(await appUsers(ctx).findOne({ _id: appUserId, appId }))) throw new NotFoundError(APP_USER_NOT_FOUND);
  return { kind: 'user', appUserId };
}

export async function tryRules({ ctx, appId, name, as, rules }: { ctx: AppContext; appId: string; name: string; as: string; rules?: DataRules }): Promise<{ items: DbDocument[]; total: number }> {
  const stored = await findCollection({ ctx, appId, name });
  const collection = rules ? { ...stored, rules: checkRules({ collection: stored, rules }) } : stored;
  const scope = ruleFilter({ collection, rule: 'list', caller: await callerOf({ ctx, appId, as }) });
  if (scope.allow === 'none') return { items: [], total: 0 };
  const store = documentStore(ctx, collection._id);
  const filter = within({}, scope);
  const [docs, total] = await Promise.all([store.find(filter, { sort: { _created: -1, _id: -1 }, limit: TRIAL_PAGE_SIZE }), store.count(filter)]);
  return { items: docs.map((doc) => viewDocument({ doc, collection, view: 'public' })), total };
}

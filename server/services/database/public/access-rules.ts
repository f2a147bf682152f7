// Who may use a collection through the public data API (its five rules, rules/) and from which
// browser origins, kept on its dbCollections document and set by the owner in the Settings tab.
import type { AppContext } from '../../../context';
import type { DataCollectionAccess, DataCollectionAccessInput } from '../../../../generated/client/types.gen';
import { findCollection, forgetCollections } from '../collections';
import { dbCollections } from '../model';
import type { CollectionDoc } from '../model';
import { accessFromRules, checkRules, rulesFromAccess, rulesOf } from './rules';
import type { Rules } from './rules';
import { ValidationError } from '../../../http/errors';

const isOrigins = (value: unknown): value is string[] => Array.isArray(value) && value.every((origin) => typeof origin === 'string');

/** The stored rules (rules/index.ts reads older records too) and origins, with the older pair when the rules are one. */
export function accessOf(collection: CollectionDoc): DataCollectionAccess {
  const stored = (collection.access ?? {}) as Record<string, unknown>;
  const rules = rulesOf(collection);
  return { rules, ...accessFromRules(rules), origins: isOrigins(stored.origins) ? stored.origins : [], documentWebhooks: stored.documentWebhooks === true };
}

/**
 * `https://Shop.example/` -> `https://shop.example`: what a browser sends as Origin. The schema
 * has checked the shape (scheme and host, no path); a host URL cannot parse is named here.
 */
function browserOrigins(origins: string[] = []): string[] {
  const normalised = origins.map((origin) => {
    try {
      return new URL(origin).origin;
    } catch {
      throw new ValidationError(`${origin} is not a valid origin`, { origins: `${origin} is not a valid origin` });
    }
  });
  return [...new Set(normalised)];
}

/**
 * The origins whose pages may call a collection from the browser; none for an unknown one.
 * Without a name, those any collection of the app lists: the live stream's, whose subscriptions
 * each collection's own origins decide (live/subscriptions.ts).
 */
export async function allowedOrigins({ ctx, appId, name }: { ctx: AppContext; appId: string; name?: string }): Promise<string[]> {
  if (name === undefined) return [...new Set((await dbCollections(ctx).find({ appId })).flatMap((collection) => accessOf(collection).origins))];
  const collection = await dbCollections(ctx).findOne({ appId, name });
  return collection ? accessOf(collection).origins : [];
}

export async function getCollectionAccess({ ctx, appId, name }: { ctx: AppContext; appId: string; name: string }): Promise<DataCollectionAccess> {
  return accessOf(await findCollection({ ctx, appId, name }));
}

export async function setCollectionAccess({
  ctx,
  appId,
  name,
  access,
}: {
  ctx: AppContext;
  appId: string;
  name: string;
  access: DataCollectionAccessInput;
}): Promise<DataCollectionAccess> {
  const collection = await findCollection({ ctx, appId, name });
  const rules = checkRules({ collection, rules: sentRules({ access, current: rulesOf(collection) }) });
  const current = accessOf(collection);
  const origins = access.origins ? browserOrigins(access.origins) : current.origins;
  // Left out, the switch keeps its current setting, as the origins do.
  const documentWebhooks = access.documentWebhooks ?? current.documentWebhooks === true;
  await dbCollections(ctx).updateOne({ _id: collection._id, appId }, { $set: { rules, access: { origins, documentWebhooks }, updated: ctx.now().toISOString() } });
  forgetCollections({ ctx, appId });
  return { rules, ...accessFromRules(rules), origins, documentWebhooks };
}

/**
 * The five rules, or the older pair mapped onto them (both sent: the rules win, since they say
 * more); a pair half sent keeps the other half's current rules.
 */
function sentRules({ access, current }: { access: DataCollectionAccessInput; current: Rules }): Rules {
  if (access.rules) return access.rules;
  if (!access.read && !access.write) return current;
  const mapped = rulesFromAccess({ read: access.read ?? 'owner', write: access.write ?? 'owner' });
  return {
    list: access.read ? mapped.list : current.list,
    view: access.read ? mapped.view : current.view,
    create: access.write ? mapped.create : current.create,
    update: access.write ? mapped.update : current.update,
    delete: access.write ? mapped.delete : current.delete,
  };
}

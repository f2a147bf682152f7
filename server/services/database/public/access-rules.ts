// Who may read and write a collection through the public data API, kept on its dbCollections
// document and set by the owner in the Settings tab.
import type { AppContext } from '../../../context';
import type { DataAccessRead, DataAccessWrite, DataCollectionAccess } from '../../../../generated/client/types.gen';
import { findCollection } from '../collections';
import { dbCollections } from '../model';
import type { CollectionDoc } from '../model';
import type { Caller } from './callers';
import { ValidationError } from '../../../http/errors';

/** A new collection is closed to all but the app itself until its owner opens it. */
export const DEFAULT_ACCESS: DataCollectionAccess = { read: 'owner', write: 'owner' };

const READ_RULES: ReadonlyArray<unknown> = ['public', 'authenticated', 'owner'] satisfies DataAccessRead[];
const WRITE_RULES: ReadonlyArray<unknown> = ['authenticated', 'owner'] satisfies DataAccessWrite[];

const isRead = (value: unknown): value is DataAccessRead => READ_RULES.includes(value);
const isWrite = (value: unknown): value is DataAccessWrite => WRITE_RULES.includes(value);

const isOrigins = (value: unknown): value is string[] => Array.isArray(value) && value.every((origin) => typeof origin === 'string');

/** The stored rules, each one missing or unknown falling back to the default (no origins). */
export function accessOf(collection: CollectionDoc): Required<DataCollectionAccess> {
  const stored = (collection.access ?? {}) as Record<string, unknown>;
  return {
    read: isRead(stored.read) ? stored.read : DEFAULT_ACCESS.read,
    write: isWrite(stored.write) ? stored.write : DEFAULT_ACCESS.write,
    origins: isOrigins(stored.origins) ? stored.origins : [],
    documentWebhooks: stored.documentWebhooks === true,
  };
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

/** The origins whose pages may call a collection from the browser; none for an unknown one. */
export async function allowedOrigins({ ctx, appId, name }: { ctx: AppContext; appId: string; name: string }): Promise<string[]> {
  const collection = await dbCollections(ctx).findOne({ appId, name });
  return collection ? accessOf(collection).origins : [];
}

export type Operation = 'read' | 'write';

/** public: anyone; authenticated: the app or one of its users; owner: the app only. */
export function allows({ access, operation, caller }: { access: DataCollectionAccess; operation: Operation; caller: Caller }): boolean {
  const rule = access[operation];
  if (rule === 'public' || caller.kind === 'app') return true;
  return rule === 'authenticated' && caller.kind === 'user';
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
  access: DataCollectionAccess;
}): Promise<DataCollectionAccess> {
  const collection = await findCollection({ ctx, appId, name });
  const rules = { read: access.read, write: access.write, origins: browserOrigins(access.origins), documentWebhooks: access.documentWebhooks === true };
  await dbCollections(ctx).updateOne({ _id: collection._id, appId }, { $set: { access: rules, updated: ctx.now().toISOString() } });
  return rules;
}

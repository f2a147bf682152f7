// The collection definitions each process keeps for the public data API (fresh-collections.ts),
// apart from the reads, so every write of a definition can forget them without importing them.
import type { AppContext } from '../../context';
import type { Store } from '../../storage/port';
import type { CollectionDoc } from './model';

export interface KeptCollection {
  doc: CollectionDoc;
  /** ctx.now() in ms when it was read. */
  at: number;
}

/** How long a process answers public calls with a definition it read (fresh-collections.ts). */
export const COLLECTION_FRESH_MS = 1000;
/** Apps whose definitions a process keeps; past it the app kept longest is dropped. */
const MAX_APPS = 10_000;

const keptByStore = new WeakMap<Store, Map<string, Map<string, KeptCollection>>>();

function appsOf(store: Store): Map<string, Map<string, KeptCollection>> {
  let apps = keptByStore.get(store);
  if (!apps) {
    apps = new Map();
    keptByStore.set(store, apps);
  }
  return apps;
}

export const keptCollection = ({ ctx, appId, name }: { ctx: AppContext; appId: string; name: string }): KeptCollection | undefined => appsOf(ctx.store).get(appId)?.get(name);

export function keepCollection({ ctx, appId, name, doc }: { ctx: AppContext; appId: string; name: string; doc: CollectionDoc }): void {
  const apps = appsOf(ctx.store);
  let names = apps.get(appId);
  if (!names) {
    if (apps.size >= MAX_APPS) apps.delete(apps.keys().next().value ?? '');
    names = new Map();
    apps.set(appId, names);
  }
  names.set(name, { doc, at: ctx.now().getTime() });
}

/** After a definition of the app changed through this process: its next public calls read them again. */
export function forgetCollections({ ctx, appId }: { ctx: AppContext; appId: string }): void {
  appsOf(ctx.store).delete(appId);
}

// The widget catalog (spec 003 section 3, "App catalog entry") is data: server/data/widget-catalog.json
// is copied into the `catalogApps` collection by slug, at start-up and on first use by a store,
// so an entry changes by editing the file (or the stored document) without code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../../context';
import { ROOT } from '../../../paths';
import type { Collection, Store } from '../../../storage/port';

export type CatalogAppStatus = 'published' | 'draft';

export interface CatalogAppEntry {
  name: string;
  slug: string;
  /** The widget type a widget of this app is created with (WidgetDoc.type). */
  componentType: string;
  serviceName: string;
  /** Only published apps are listed or can be created. */
  status: CatalogAppStatus;
  category: string;
  tags: string[];
  teaser: string;
  promotionImage: string;
  buttonText: string;
}

export interface CatalogAppDoc extends CatalogAppEntry {
  /** The slug. */
  _id: string;
  [key: string]: unknown;
}

const seedPath = join(ROOT, 'server', 'data', 'widget-catalog.json');

export const catalogApps = (ctx: AppContext): Collection<CatalogAppDoc> => ctx.store.collection<CatalogAppDoc>('catalogApps');

export const readCatalogSeed = (): CatalogAppEntry[] => JSON.parse(readFileSync(seedPath, 'utf8')) as CatalogAppEntry[];

/** Writes every entry of the data file over the stored one with its slug; idempotent. */
export async function seedCatalog(ctx: AppContext): Promise<number> {
  const entries = readCatalogSeed();
  for (const entry of entries) {
    await catalogApps(ctx).findOneAndUpdate({ _id: entry.slug }, { $set: { ...entry } }, { upsert: true });
  }
  return entries.length;
}

// One seeding per store, shared by concurrent first requests.
const seeded = new WeakMap<Store, Promise<number>>();

export function ensureCatalog(ctx: AppContext): Promise<number> {
  let pending = seeded.get(ctx.store);
  if (!pending) {
    pending = seedCatalog(ctx);
    seeded.set(ctx.store, pending);
  }
  return pending;
}

/** The component types a widget can be created with: those of the published apps. */
export async function catalogComponentTypes({ ctx }: { ctx: AppContext }): Promise<string[]> {
  await ensureCatalog(ctx);
  const apps = await catalogApps(ctx).find({ status: 'published' }, { sort: { name: 1 } });
  return apps.map((app) => app.componentType);
}

/** The published app with this componentType or slug, or null ("Plugin type not found"). */
export async function findCatalogApp({
  ctx,
  componentType,
  slug,
}: {
  ctx: AppContext;
  componentType?: string;
  slug?: string;
}): Promise<CatalogAppDoc | null> {
  if (componentType === undefined && slug === undefined) return null;
  await ensureCatalog(ctx);
  return catalogApps(ctx).findOne({
    status: 'published',
    ...(componentType !== undefined ? { componentType } : {}),
    ...(slug !== undefined ? { slug } : {}),
  });
}

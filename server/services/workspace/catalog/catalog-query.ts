// Reads of the widget catalog for the catalog page, What's New and the Discover panel. The
// catalog holds dozens of apps, not thousands: the published ones are read whole and filtered
// here, which also gives every category's count from the same read.
import { randomInt } from 'node:crypto';
import type { AppContext } from '../../../context';
import { NotFoundError } from '../../../http/errors';
import type { CatalogApp, CatalogCount, CatalogList } from '../../../../generated/client/types.gen';
import { CATALOG_MESSAGES, DISCOVER_COUNT, isNewTag } from '../../../../rules/catalog';
import { catalogApps, ensureCatalog, findCatalogApp } from './catalog-apps';
import type { CatalogAppDoc } from './catalog-apps';

const toCatalogApp = (doc: CatalogAppDoc): CatalogApp => ({ ...doc, status: 'published' });

async function publishedApps(ctx: AppContext): Promise<CatalogApp[]> {
  await ensureCatalog(ctx);
  const docs = await catalogApps(ctx).find({ status: 'published' }, { sort: { name: 1 } });
  return docs.map(toCatalogApp);
}

const matchesSearch = (app: CatalogApp, search: string): boolean =>
  [app.name, app.teaser, app.category, ...app.tags].some((text) => text.toLowerCase().includes(search));

/** Names with their counts, most frequent first, then by first appearance (stable sort). */
function countBy(names: string[]): CatalogCount[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count);
}

export async function listCatalog({
  ctx,
  search,
  tag,
  category,
}: {
  ctx: AppContext;
  search?: string;
  tag?: string;
  category?: string;
}): Promise<CatalogList> {
  const needle = search?.trim().toLowerCase() ?? '';
  const matching = (await publishedApps(ctx)).filter(
    (app) => (needle === '' || matchesSearch(app, needle)) && (tag === undefined || tag === '' || app.tags.includes(tag)),
  );
  return {
    apps: category ? matching.filter((app) => app.category === category) : matching,
    total: matching.length,
    categories: countBy(matching.map((app) => app.category)),
    tags: countBy(matching.flatMap((app) => app.tags)),
  };
}

/** DISCOVER_COUNT distinct published apps in random order (a partial Fisher-Yates shuffle). */
export async function discoverApps({ ctx }: { ctx: AppContext }): Promise<CatalogApp[]> {
  const apps = await publishedApps(ctx);
  const count = Math.min(DISCOVER_COUNT, apps.length);
  for (let i = 0; i < count; i++) {
    const j = randomInt(i, apps.length);
    [apps[i], apps[j]] = [apps[j], apps[i]];
  }
  return apps.slice(0, count);
}

export async function newApps({ ctx }: { ctx: AppContext }): Promise<CatalogApp[]> {
  return (await publishedApps(ctx)).filter((app) => app.tags.some(isNewTag));
}

export async function getCatalogApp({ ctx, slug }: { ctx: AppContext; slug: string }): Promise<CatalogApp> {
  const doc = await findCatalogApp({ ctx, slug });
  if (!doc) throw new NotFoundError(CATALOG_MESSAGES.typeNotFound);
  return toCatalogApp(doc);
}

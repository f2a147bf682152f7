// One page of a collection: the app's records matching the parsed query, in the parsed order.
import type { AppContext } from '../../context';
import type { Collection, Doc, Filter, Page, SortSpec } from '../../storage/port';
import { countWithCache } from './count-cache';

export async function findPage<T extends Doc>({
  ctx,
  name,
  collection,
  scope,
  filter,
  sort,
  page,
  limit,
  keepSmallTotals = false,
}: {
  ctx: AppContext;
  /** The collection's name, for the count cache. */
  name: string;
  collection: Collection<T>;
  /** The owner's part of the filter (appId, appUserId); written last so a query cannot widen it. */
  scope: Filter;
  filter: Filter;
  sort: SortSpec;
  page: number;
  limit: number;
  /** See countWithCache's keepSmall. */
  keepSmallTotals?: boolean;
}): Promise<Page<T>> {
  const where = { ...filter, ...scope };
  // No _id tiebreak: with one, SQLite walks the (appId, platform...) index and sorts every match.
  const [docs, total] = await Promise.all([
    collection.find(where, { sort, skip: (page - 1) * limit, limit }),
    countWithCache({ ctx, key: `${name}:${JSON.stringify(where)}`, count: (options) => collection.count(where, options), keepSmall: keepSmallTotals }),
  ]);
  return { docs, total, page, pages: Math.ceil(total / limit), limit };
}

// One page of a collection: the app's records matching the parsed query, in the parsed order.
import type { Collection, Doc, Filter, Page, SortSpec } from '../../storage/port';

export async function findPage<T extends Doc>({
  collection,
  scope,
  filter,
  sort,
  page,
  limit,
}: {
  collection: Collection<T>;
  /** The owner's part of the filter (appId, appUserId); written last so a query cannot widen it. */
  scope: Filter;
  filter: Filter;
  sort: SortSpec;
  page: number;
  limit: number;
}): Promise<Page<T>> {
  const where = { ...filter, ...scope };
  // _id last keeps pages stable when the sort field ties.
  const order: SortSpec = '_id' in sort ? sort : { ...sort, _id: sort[Object.keys(sort)[0]] ?? -1 };
  const [docs, total] = await Promise.all([collection.find(where, { sort: order, skip: (page - 1) * limit, limit }), collection.count(where)]);
  return { docs, total, page, pages: Math.ceil(total / limit), limit };
}

// A page of the public list: by page number, or after a cursor; either way with the total and,
// when rows follow, the cursor of the next page. The order always ends with _id (cursor.ts).
import type { AppContext } from '../../../context';
import type { Filter } from '../../../storage/port';
import { parseQuery, parseSort } from '../../lists/list-query';
import { countWithCache } from '../../lists/count-cache';
import { DOCUMENTS_DEFAULT_SORT, DOCUMENTS_PAGE_SIZE } from '../documents';
import type { DocumentPage } from '../documents';
import { documentStore, documentStoreName } from '../model';
import type { CollectionDoc } from '../model';
import { queryableFields, viewDocument } from '../view';
import { makeCursor, readCursor, withTiebreak } from './cursor';
import type { ListBinding } from './cursor';

export interface CursorPage extends DocumentPage {
  /** Opens the page after this one; null on the last page. */
  nextCursor: string | null;
}

export async function listWithCursor({
  ctx,
  collection,
  page = 1,
  limit = DOCUMENTS_PAGE_SIZE,
  query,
  sort,
  cursor,
  scope,
}: {
  ctx: AppContext;
  collection: CollectionDoc;
  page?: number;
  limit?: number;
  query?: string;
  sort?: string;
  cursor?: string;
  /** The caller's list rule (rules/): ANDed into the rows, the total and the cursor's binding, so none crosses callers. */
  scope?: Filter;
}): Promise<CursorPage> {
  const fields = queryableFields({ collection, view: 'public' });
  const asked = parseQuery({ text: query, fields });
  const filter = scope ? (Object.keys(asked).length > 0 ? { $and: [asked, scope] } : scope) : asked;
  const order = withTiebreak(parseSort({ text: sort, fields, defaultSort: { ...DOCUMENTS_DEFAULT_SORT } }));
  const binding: ListBinding = { secret: ctx.config.sessionSecret, collectionId: collection._id, filter, sort: order };
  // A cursor sets the position; the page number it carries is only for the answer.
  const position = cursor ? readCursor({ binding, cursor }) : { page, after: undefined };
  const where = !position.after ? filter : Object.keys(filter).length > 0 ? { $and: [filter, position.after] } : position.after;
  const store = documentStore(ctx, collection._id);
  const [rows, total] = await Promise.all([
    // One row more than the page tells whether another page follows.
    store.find(where, { sort: order, skip: position.after ? 0 : (position.page - 1) * limit, limit: limit + 1 }),
    countWithCache({ ctx, key: `${documentStoreName(collection._id)}:${JSON.stringify(filter)}`, count: (options) => store.count(filter, options), keepSmall: true }),
  ]);
  const docs = rows.slice(0, limit);
  const last = docs[docs.length - 1];
  const nextCursor = rows.length > limit && last ? makeCursor({ binding, last, page: position.page + 1 }) : null;
  return {
    items: docs.map((doc) => viewDocument({ doc, collection, view: 'public' })),
    page: position.page,
    pages: Math.ceil(total / limit),
    total,
    nextCursor,
  };
}

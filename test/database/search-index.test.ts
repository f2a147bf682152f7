// The documents list's search box over an indexed text field is answered through the field's
// contains index (docs/storage.md, "Contains indexes"): on SQLite the page of a rare text is read
// from the FTS5 table, or by rowid from its matches kept in the list's order (built from that
// table), not by testing every document; on every engine the answers are the same with and
// without the index.
import { withTestApp } from '../helpers/test-app';
import { spyOnPlans } from '../helpers/sqlite-plans';
import type { PlanSpy } from '../helpers/sqlite-plans';
import { listDocuments } from '../../server/services/database/documents';
import { findCollection } from '../../server/services/database/collections';
import { documentStore, documentStoreName } from '../../server/services/database/model';
import { saveCollectionSchema } from '../../server/services/database/schema';
import { toSearchParam } from '../../forms/resource/list-query';
import type { DbField } from '../../generated/client/types.gen';
import { newCollection, newDatabase } from './service-helpers';

const t = withTestApp();
let appId: string;
let plans: PlanSpy | undefined;

const fields = (indexable: boolean): DbField[] => [
  { displayName: 'Title', name: 'title', type: 'text', validation: { indexable } },
  { displayName: 'Note', name: 'note', type: 'text' },
];

beforeEach(async () => {
  appId = await newDatabase(t.ctx);
  await newCollection({ ctx: t.ctx, appId, name: 'products', attributes: fields(true) });
  const { _id } = await findCollection({ ctx: t.ctx, appId, name: 'products' });
  const docs = Array.from({ length: 300 }, (_, i) => {
    const created = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    return { _id: `d${i}`, _created: created, _updated: created, title: i === 42 ? 'Teak vase' : `Oak lamp ${i}`, note: i === 7 ? 'teak inside' : 'plain' };
  });
  await documentStore(t.ctx, _id).insertMany(docs);
  plans = t.ctx.store.engine === 'sqlite' ? spyOnPlans() : undefined;
});
afterEach(() => plans?.restore());

/** The ids the list answers for the search box's text in a column, and on SQLite the page's plan. */
async function search(field: string, text: string): Promise<{ ids: string[]; plan?: string }> {
  const page = await listDocuments({ ctx: t.ctx, appId, name: 'products', query: toSearchParam({ field, text }), view: 'owner' });
  const { _id } = await findCollection({ ctx: t.ctx, appId, name: 'products' });
  return { ids: page.items.map((doc) => doc._id), plan: plans?.planOf(`SELECT _id, doc FROM "${documentStoreName(_id)}"`) };
}

it('reads a rare text of an indexable text field from its contains index', async () => {
  const { ids, plan } = await search('title', 'TEAK');
  expect(ids).toEqual(['d42']);
  if (plan !== undefined) expect(plan).toMatch(/\$contains\$title\$ VIRTUAL TABLE INDEX|USING INTEGER PRIMARY KEY \(rowid=\?\) \| LIST SUBQUERY 1 \| SCAN json_each/);
});

it('tests every document for a field that is not indexed', async () => {
  const { ids, plan } = await search('note', 'TEAK');
  expect(ids).toEqual(['d7']);
  if (plan !== undefined) expect(plan).not.toMatch(/contains/);
});

it('drops the index when the field is no longer indexable, with the same answers', async () => {
  await saveCollectionSchema({ ctx: t.ctx, appId, name: 'products', input: { attributes: fields(false) } });
  const { ids, plan } = await search('title', 'teak');
  expect(ids).toEqual(['d42']);
  if (plan !== undefined) expect(plan).not.toMatch(/contains/);
});

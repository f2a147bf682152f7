// A draft the catalog keeps to itself, for the cases about unpublished apps (every built-in type
// is published since issue 38, so the seed holds none).
import type { AppContext } from '../../server/context';
import { catalogApps, seedCatalog } from '../../server/services/workspace/catalog/catalog-apps';
import type { CatalogAppDoc } from '../../server/services/workspace/catalog/catalog-apps';

export const DRAFT: CatalogAppDoc = { _id: 'coming-soon-quiz', slug: 'coming-soon-quiz', componentType: 'coming-soon-quiz', name: 'Coming Soon Quiz', serviceName: 'nindo', status: 'draft', category: 'Forms', tags: ['New Widgets'], teaser: 'A quiz still being made.', promotionImage: '/catalog-images/quiz.svg', buttonText: 'Create Quiz' };

/** The seeded catalog with the draft beside it, once. */
export async function catalogWithDraft(ctx: AppContext): Promise<void> {
  await seedCatalog(ctx);
  if (!(await catalogApps(ctx).findOne({ _id: DRAFT._id }))) await catalogApps(ctx).insertOne(DRAFT);
}

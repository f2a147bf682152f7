// Widgets as the lists show them: the catalog app's name and slug, the owner then the
// collaborators, and whether the month's views reached the owner's plan limit. One query per
// kind of related record for the whole page.
import type { AppContext } from '../../../context';
import type { WidgetRow } from '../../../../generated/client/types.gen';
import { viewsThisMonth } from '../../../../rules/month-views';
import { atOrAbove } from '../../../../rules/plan-features';
import { users } from '../../accounts/users';
import { planFeaturesOf } from '../plan-features';
import { widgetPermissions } from '../model';
import type { WidgetDoc } from '../model';
import { widgetTypes } from './widget-types';

type Role = WidgetRow['role'];

/** The stored widget as the API names it (guid). */
export const toWidget = (doc: WidgetDoc) => ({ ...doc, guid: doc._id });

export async function viewLimitOf({ ctx, ownerId }: { ctx: AppContext; ownerId: string }): Promise<number> {
  return (await planFeaturesOf({ ctx, userId: ownerId })).numberOfViewsPerMonth;
}

export async function toWidgetRows({
  ctx,
  docs,
  roleOf,
}: {
  ctx: AppContext;
  docs: WidgetDoc[];
  roleOf: (doc: WidgetDoc) => Role;
}): Promise<WidgetRow[]> {
  const ownerIds = [...new Set(docs.map((doc) => doc.ownerId))];
  const [types, owners, permissions, limits] = await Promise.all([
    widgetTypes({ ctx }),
    users(ctx).find({ _id: { $in: ownerIds } }),
    widgetPermissions(ctx).find({ widgetId: { $in: docs.map((doc) => doc._id) } }, { sort: { created: 1 } }),
    Promise.all(ownerIds.map(async (ownerId) => [ownerId, await viewLimitOf({ ctx, ownerId })] as const)),
  ]);
  const typeOf = new Map(types.map((type) => [type.type, type]));
  const ownerName = new Map(owners.map((owner) => [owner._id, owner.fullName]));
  const limitOf = new Map(limits);
  const now = ctx.now();
  return docs.map((doc) => {
    const views = viewsThisMonth({ views: doc.views, viewsMonth: doc.viewsMonth, now });
    return {
      ...toWidget(doc),
      views,
      app: typeOf.get(doc.type)?.name ?? doc.type,
      slug: typeOf.get(doc.type)?.slug ?? doc.type,
      overViewLimit: atOrAbove({ used: views, limit: limitOf.get(doc.ownerId) ?? 0 }),
      refusedEvents: doc.refusedEvents ?? 0,
      role: roleOf(doc),
      permissions: [
        { name: ownerName.get(doc.ownerId) ?? '', role: 'owner' as const },
        ...permissions
          .filter((permission) => permission.widgetId === doc._id)
          .map((permission) => ({ name: permission.name ?? '', email: permission.email, role: permission.role, status: permission.status })),
      ],
    };
  });
}

// The public catalog: published apps only, with their developer's display name.
import type { AppContext } from '../../context';
import { escapeRegex } from './escape-regex';
import type { PublicAppPage } from '../../../generated/client/types.gen';
import { apps, developers } from './model';

export async function listPublicApps({
  ctx,
  page,
  limit,
  search,
}: {
  ctx: AppContext;
  page: number;
  limit: number;
  search?: string;
}): Promise<PublicAppPage> {
  const term = search?.trim();
  const filter = term ? { status: 'published', name: { $regex: escapeRegex(term), $options: 'i' } } : { status: 'published' };
  const [docs, total] = await Promise.all([
    apps(ctx).find(filter, { sort: { created: -1 }, skip: (page - 1) * limit, limit }),
    apps(ctx).count(filter),
  ]);
  const owners = await developers(ctx).find({ _id: { $in: [...new Set(docs.map((d) => d.developerIds[0]))] } });
  const nameOf = new Map(owners.map((d) => [d._id, d.name]));
  return {
    // The PublicApp schema picks what the catalog shows: secrets, owners and endpoints stay in.
    docs: docs.map((d) => ({ ...d, developerName: nameOf.get(d.developerIds[0]) ?? '' })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / limit)),
    limit,
  };
}

// Who reaches an asset: project assets by the caller's project role (reading any role, changes
// MINIMUM_ROLE.manageMedia), assets outside any project by their uploader alone. Anybody
// else gets the same 404 as for a guid that does not exist.
import type { AppContext } from '../../context';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import { canDo, WORKSPACE_MESSAGES } from '../../../rules/workspace-roles';
import { ASSET_NOT_FOUND } from '../../../rules/media';
import { projectRole } from '../workspace/access';
import { assets, projects } from '../workspace/model';
import type { AssetDoc } from '../workspace/model';

export async function findAssetFor({ ctx, userId, guid, change }: { ctx: AppContext; userId: string; guid: string; change: boolean }): Promise<AssetDoc> {
  const asset = await assets(ctx).findOne({ _id: guid });
  if (!asset) throw new NotFoundError(ASSET_NOT_FOUND);
  if (!asset.projectId) {
    if (asset.ownerId !== userId) throw new NotFoundError(ASSET_NOT_FOUND);
    return asset;
  }
  const project = await projects(ctx).findOne({ _id: asset.projectId });
  const role = project ? await projectRole({ ctx, userId, project }) : null;
  if (!role) throw new NotFoundError(ASSET_NOT_FOUND);
  if (change && !canDo({ role, action: 'manageMedia' })) throw new ForbiddenError(WORKSPACE_MESSAGES.notPermitted);
  return asset;
}

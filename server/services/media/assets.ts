// The media manager's list, rename and delete (spec 003 section 7, Media).
import type { AppContext } from '../../context';
import type { Asset, AssetPage, AssetType, RenameAssetInput } from '../../../generated/client/types.gen';
import { findPage } from '../lists/paging';
import { escapeRegex } from '../developer/escape-regex';
import { users } from '../accounts/users';
import { findProjectFor } from '../workspace/access';
import { assets } from '../workspace/model';
import type { AssetDoc } from '../workspace/model';
import { blobStoreOf } from '../blobs';
import { findAssetFor } from './asset-access';
import { releaseBytes } from './usage';

const fileUrl = (guid: string): string => `/api/v1/asset/${encodeURIComponent(guid)}/file`;

/** The stored record as it is (the answer's projection keeps what Asset declares, never the blob keys), then what is computed. */
function toAsset(doc: AssetDoc, authors: Map<string, string>): Asset {
  return {
    ...doc,
    guid: doc._id,
    url: fileUrl(doc._id),
    downloadUrl: `${fileUrl(doc._id)}?download=true`,
    thumbnail: doc.thumbnailKey ? `/api/v1/asset/${encodeURIComponent(doc._id)}/thumbnail` : null,
    author: { id: doc.ownerId, fullName: authors.get(doc.ownerId) ?? '' },
  };
}

export async function toAssets({ ctx, docs }: { ctx: AppContext; docs: AssetDoc[] }): Promise<Asset[]> {
  const ids = [...new Set(docs.map((doc) => doc.ownerId))];
  const found = ids.length > 0 ? await users(ctx).find({ _id: { $in: ids } }) : [];
  const authors = new Map(found.map((user) => [user._id, user.fullName]));
  return docs.map((doc) => toAsset(doc, authors));
}

export async function listAssets({
  ctx,
  userId,
  q,
  projectId,
  assetType,
  page,
  limit,
}: {
  ctx: AppContext;
  userId: string;
  q?: string;
  projectId?: string;
  assetType?: AssetType;
  page: number;
  limit: number;
}): Promise<AssetPage> {
  if (projectId) await findProjectFor({ ctx, userId, projectId });
  const scope = projectId ? { projectId } : { ownerId: userId, projectId: null };
  const filter = {
    ...(q?.trim() ? { name: { $regex: escapeRegex(q.trim()), $options: 'i' } } : {}),
    ...(assetType ? { assetType } : {}),
  };
  const found = await findPage({ ctx, name: 'assets', collection: assets(ctx), scope, filter, sort: { created: -1 }, page, limit });
  return { ...found, docs: await toAssets({ ctx, docs: found.docs }) };
}

/** Every declared property as sent (the body holds only what RenameAssetInput declares); a blank name keeps the old one. */
export async function renameAsset({ ctx, userId, guid, input }: { ctx: AppContext; userId: string; guid: string; input: RenameAssetInput }): Promise<Asset> {
  const asset = await findAssetFor({ ctx, userId, guid, change: true });
  const changes = { ...input, name: input.name.trim() || asset.name, updated: ctx.now().toISOString() };
  await assets(ctx).updateOne({ _id: guid }, { $set: changes });
  return (await toAssets({ ctx, docs: [{ ...asset, ...changes }] }))[0];
}

/** The record goes first: a blob left behind by a crash costs disk, a record without its blob would show a broken file. */
export async function deleteAsset({ ctx, userId, guid }: { ctx: AppContext; userId: string; guid: string }): Promise<void> {
  const asset = await findAssetFor({ ctx, userId, guid, change: true });
  if ((await assets(ctx).deleteOne({ _id: guid })) === 0) return;
  await releaseBytes({ ctx, userId: asset.bytesOwnerId, bytes: asset.size });
  const store = blobStoreOf(ctx);
  await Promise.all([store.delete(asset.blobKey), asset.thumbnailKey ? store.delete(asset.thumbnailKey) : Promise.resolve()]);
}

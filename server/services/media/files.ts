// The stored bytes of an asset and of its thumbnail, for serving.
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { ASSET_NOT_FOUND } from '../../../rules/media';
import { assets } from '../workspace/model';
import { blobStoreOf } from '../blobs';
import type { StoredBlob } from '../blobs';

export async function assetBlob({ ctx, guid, part }: { ctx: AppContext; guid: string; part: 'file' | 'thumbnail' }): Promise<StoredBlob & { name: string }> {
  const asset = await assets(ctx).findOne({ _id: guid });
  const key = part === 'file' ? asset?.blobKey : asset?.thumbnailKey;
  const blob = asset && key ? await blobStoreOf(ctx).get(key) : null;
  if (!asset || !blob) throw new NotFoundError(ASSET_NOT_FOUND);
  return { ...blob, contentType: part === 'file' ? asset.mimeType : 'image/png', name: asset.name };
}

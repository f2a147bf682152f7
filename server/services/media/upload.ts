// Storing uploaded files as assets. Each file is judged by its bytes, its bytes are reserved on
// the storage counter, then the blobs are written and only then the record; whatever fails
// after the reservation is undone, so a failed upload leaves nothing half-stored and loses
// nothing stored before. Files of one request succeed or fail one by one.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Asset, AssetType, AssetUpload, FailedUpload } from '../../../generated/client/types.gen';
import { AppError, ValidationError } from '../../http/errors';
import { ONE_FILE_ONLY } from '../../http/multipart';
import { ONLY_IMAGES, UNSUPPORTED } from '../../../rules/uploads';
import { UPLOAD_FAILED } from '../../../rules/media';
import { requireProjectAction } from '../workspace/access';
import { assets } from '../workspace/model';
import type { AssetDoc } from '../workspace/model';
import { blobStoreOf } from '../blobs';
import { sniff } from './sniff';
import type { Sniffed } from './sniff';
import { makeThumbnail } from './thumbnails';
import { releaseBytes, reserveBytes } from './usage';
import { toAssets } from './assets';
import { log } from '../../observability/log';

export interface IncomingFile {
  name: string;
  data: Buffer;
}

const MAX_NAME = 200;

function judge({ data, wanted }: { data: Buffer; wanted?: AssetType }): Sniffed {
  const found = sniff(data);
  if (wanted === 'image') {
    if (found?.assetType !== 'image') throw new ValidationError(ONLY_IMAGES);
    return found;
  }
  if (wanted === 'other') return { assetType: 'other', mimeType: found?.mimeType ?? 'application/octet-stream' };
  if (!found || (wanted && found.assetType !== wanted)) throw new ValidationError(UNSUPPORTED);
  return found;
}

interface Target {
  uploaderId: string;
  projectId: string | null;
  bytesOwnerId: string;
}

async function storeOne({ ctx, target, file, wanted }: { ctx: AppContext; target: Target; file: IncomingFile; wanted?: AssetType }): Promise<AssetDoc> {
  if (file.data.length === 0) throw new ValidationError('File is required');
  const kind = judge({ data: file.data, wanted });
  const thumbnail = kind.assetType === 'image' ? await makeThumbnail(file.data) : undefined;
  await reserveBytes({ ctx, userId: target.bytesOwnerId, bytes: file.data.length });
  const guid = randomUUID();
  const blobKey = `assets/${guid}`;
  const thumbnailKey = thumbnail ? `assets/${guid}.thumb.png` : undefined;
  const store = blobStoreOf(ctx);
  const now = ctx.now().toISOString();
  const doc: AssetDoc = {
    _id: guid,
    ownerId: target.uploaderId,
    projectId: target.projectId,
    bytesOwnerId: target.bytesOwnerId,
    name: file.name.trim().slice(0, MAX_NAME) || 'file',
    assetType: kind.assetType,
    mimeType: kind.mimeType,
    size: file.data.length,
    blobKey,
    ...(thumbnailKey ? { thumbnailKey } : {}),
    created: now,
    updated: now,
  };
  try {
    await store.put({ key: blobKey, data: file.data, contentType: kind.mimeType });
    if (thumbnail && thumbnailKey) await store.put({ key: thumbnailKey, data: thumbnail, contentType: 'image/png' });
    await assets(ctx).insertOne(doc);
    return doc;
  } catch (err) {
    await Promise.allSettled([store.delete(blobKey), ...(thumbnailKey ? [store.delete(thumbnailKey)] : [])]);
    await releaseBytes({ ctx, userId: target.bytesOwnerId, bytes: file.data.length });
    throw err;
  }
}

async function targetOf({ ctx, userId, projectId }: { ctx: AppContext; userId: string; projectId?: string }): Promise<Target> {
  if (!projectId) return { uploaderId: userId, projectId: null, bytesOwnerId: userId };
  const { project } = await requireProjectAction({ ctx, userId, projectId, action: 'manageMedia' });
  return { uploaderId: userId, projectId: project._id, bytesOwnerId: project.ownerId };
}

export async function uploadAssets({
  ctx,
  userId,
  projectId,
  assetType,
  multi,
  files,
}: {
  ctx: AppContext;
  userId: string;
  projectId?: string;
  assetType?: AssetType;
  multi: boolean;
  files: IncomingFile[];
}): Promise<AssetUpload> {
  if (files.length === 0) throw new ValidationError('File is required', { 'files[]': 'File is required' });
  if (!multi && files.length > 1) throw new ValidationError(ONE_FILE_ONLY, { 'files[]': ONE_FILE_ONLY });
  const target = await targetOf({ ctx, userId, projectId });
  const stored: AssetDoc[] = [];
  const failed: (FailedUpload & { error: AppError })[] = [];
  // One at a time: each reservation sees the previous file's bytes.
  for (const file of files) {
    try {
      stored.push(await storeOne({ ctx, target, file, wanted: assetType }));
    } catch (err) {
      if (!(err instanceof AppError)) log.error({ err }, 'media upload failed');
      const error = err instanceof AppError ? err : new AppError(500, UPLOAD_FAILED);
      failed.push({ name: file.name, message: error.message, error });
    }
  }
  if (stored.length === 0) throw failed[0].error;
  const uploaded: Asset[] = await toAssets({ ctx, docs: stored });
  return { uploaded, failed: failed.map(({ name, message }) => ({ name, message })) };
}

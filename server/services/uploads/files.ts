// Uploaded images: checked, stored as a blob plus a small record, and served back by id.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../../generated/client/types.gen';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { Collection } from '../../storage/port';
import { blobStoreOf, readBlob } from '../blobs';
import { imageTypeOf } from './image-type';
import { ONLY_IMAGES, UPLOAD_MAX_MB, tooBig } from '../../../rules/uploads';

export const MAX_IMAGE_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
export const FILES = 'files';

interface FileDoc {
  _id: string;
  userId: string;
  contentType: string;
  size: number;
  created: string;
  [key: string]: unknown;
}

const files = (ctx: AppContext): Collection<FileDoc> => ctx.store.collection<FileDoc>(FILES);

export async function saveImage({ ctx, userId, data }: { ctx: AppContext; userId: string; data?: Buffer }): Promise<UploadedFile> {
  if (!data || data.length === 0) throw new ValidationError('File is required', { file: 'File is required' });
  if (data.length > MAX_IMAGE_BYTES) throw new ValidationError(tooBig(UPLOAD_MAX_MB), { file: tooBig(UPLOAD_MAX_MB) });
  const contentType = imageTypeOf(data);
  if (!contentType) throw new ValidationError(ONLY_IMAGES, { file: ONLY_IMAGES });
  const id = randomUUID();
  await blobStoreOf(ctx).put({ key: id, data, contentType });
  await files(ctx).insertOne({ _id: id, userId, contentType, size: data.length, created: ctx.now().toISOString() });
  return { id, url: `/api/user/file/${id}`, contentType, size: data.length };
}

export async function readImage({ ctx, fileId }: { ctx: AppContext; fileId: string }): Promise<{ contentType: string; data: Buffer }> {
  const record = await files(ctx).findOne({ _id: fileId });
  const blob = record ? await readBlob({ store: blobStoreOf(ctx), key: record._id }) : null;
  if (!record || !blob) throw new NotFoundError('File not found');
  return { contentType: record.contentType, data: blob.data };
}

/** Whether an upload is on record (a database media field points at it). */
export async function fileExists({ ctx, fileId }: { ctx: AppContext; fileId: string }): Promise<boolean> {
  return (await files(ctx).count({ _id: fileId })) > 0;
}

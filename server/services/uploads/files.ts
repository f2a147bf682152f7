// Uploaded images: checked, stored as a blob plus a small record, and served back by id.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../../generated/client/types.gen';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { Collection } from '../../storage/port';
import { diskBlobStore } from './blob-store';
import { imageTypeOf } from './image-type';

export const MAX_IMAGE_BYTES = 3 * 1024 * 1024;
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
const blobs = (ctx: AppContext) => diskBlobStore(ctx.config.uploadsDir);

export async function saveImage({ ctx, userId, data }: { ctx: AppContext; userId: string; data?: Buffer }): Promise<UploadedFile> {
  if (!data || data.length === 0) throw new ValidationError('File is required', { file: 'File is required' });
  if (data.length > MAX_IMAGE_BYTES) throw new ValidationError('File is too big. Size limitation is 3mb', { file: 'File is too big. Size limitation is 3mb' });
  const contentType = imageTypeOf(data);
  if (!contentType) throw new ValidationError('Only png, jpg, and gif formats are allowed.', { file: 'Only png, jpg, and gif formats are allowed.' });
  const id = randomUUID();
  await blobs(ctx).put(id, data);
  await files(ctx).insertOne({ _id: id, userId, contentType, size: data.length, created: ctx.now().toISOString() });
  return { id, url: `/api/user/file/${id}`, contentType, size: data.length };
}

export async function readImage({ ctx, fileId }: { ctx: AppContext; fileId: string }): Promise<{ contentType: string; data: Buffer }> {
  const record = await files(ctx).findOne({ _id: fileId });
  const data = record ? await blobs(ctx).get(record._id) : null;
  if (!record || !data) throw new NotFoundError('File not found');
  return { contentType: record.contentType, data };
}

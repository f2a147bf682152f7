import type {
  DeleteAssetData,
  DeleteAssetResponse,
  GetAssetFileData,
  GetAssetThumbnailData,
  ListAssetsData,
  ListAssetsResponse,
  RenameAssetData,
  RenameAssetResponse,
  UploadAssetsData,
  UploadAssetsResponse,
} from '../../../generated/client/types.gen';
import type { Response } from 'express';
import { handler, noRawReply, requireUserId } from '../../http/handler';
import * as media from '../../services/media/assets';
import { uploadAssets as storeUploads } from '../../services/media/upload';
import { assetBlob } from '../../services/media/files';
import type { StoredBlob } from '../../services/blobs';
import { MEDIA_PAGE_SIZE } from '../../../rules/media';

/** Multer (parseMultipart) keeps uploaded parts in memory on req.files. */
const filesOf = (files: unknown): { name: string; data: Buffer }[] =>
  Array.isArray(files)
    ? (files as Express.Multer.File[]).filter((f) => f.fieldname === 'files[]').map((f) => ({ name: f.originalname, data: f.buffer }))
    : [];

export const listAssets = handler<ListAssetsData, ListAssetsResponse>(async ({ ctx, req, query }) => ({
  data: await media.listAssets({ ctx, userId: requireUserId(req), ...query, page: query?.page ?? 1, limit: query?.limit ?? MEDIA_PAGE_SIZE }),
}));

export const uploadAssets = handler<UploadAssetsData, UploadAssetsResponse>(async ({ ctx, req, query }) => {
  const data = await storeUploads({ ctx, userId: requireUserId(req), ...query, multi: query?.multi ?? false, files: filesOf(req.files) });
  return { data, message: data.failed.length > 0 ? 'Some files could not be uploaded' : 'Files uploaded', status: 201 };
});

export const renameAsset = handler<RenameAssetData, RenameAssetResponse>(async ({ ctx, req, path, body }) => ({
  data: await media.renameAsset({ ctx, userId: requireUserId(req), guid: path.guid, input: body }),
  message: 'Asset renamed',
}));

export const deleteAsset = handler<DeleteAssetData, DeleteAssetResponse>(async ({ ctx, req, path }) => {
  await media.deleteAsset({ ctx, userId: requireUserId(req), guid: path.guid });
  return { data: null, message: 'Asset deleted' };
});

function send({ res, blob, disposition }: { res: Response; blob: StoredBlob; disposition?: string }): void {
  res.set({
    'Content-Type': blob.contentType,
    'Content-Length': String(blob.size),
    // A guid never changes content.
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    ...(disposition ? { 'Content-Disposition': disposition } : {}),
  });
  // Headers are gone by then: a read failing halfway can only cut the answer short.
  blob.body.on('error', () => res.destroy());
  blob.body.pipe(res);
}

export const getAssetFile = handler<GetAssetFileData>(async ({ ctx, path, query, res }) => {
  const blob = await assetBlob({ ctx, guid: path.guid, part: 'file' });
  const disposition = query?.download ? `attachment; filename*=UTF-8''${encodeURIComponent(blob.name)}` : undefined;
  send({ res, blob, disposition });
  return noRawReply;
});

export const getAssetThumbnail = handler<GetAssetThumbnailData>(async ({ ctx, path, res }) => {
  send({ res, blob: await assetBlob({ ctx, guid: path.guid, part: 'thumbnail' }) });
  return noRawReply;
});

import type { GetUserFileData, UploadUserFileData, UploadUserFileResponse } from '../../../generated/client/types.gen';
import { handler, noRawReply, requireUserId } from '../../http/handler';
import { readImage, saveImage } from '../../services/uploads/files';

interface UploadedPart {
  fieldname: string;
  buffer: Buffer;
}

/** Multer (inside the OpenAPI validator) keeps uploaded parts in memory on req.files. */
const uploadedPart = (files: unknown, field: string): Buffer | undefined =>
  Array.isArray(files) ? (files as UploadedPart[]).find((f) => f.fieldname === field)?.buffer : undefined;

export const uploadUserFile = handler<UploadUserFileData, UploadUserFileResponse>(async ({ ctx, req }) => ({
  data: await saveImage({ ctx, userId: requireUserId(req), data: uploadedPart(req.files, 'file') }),
  message: 'File uploaded',
  status: 201,
}));

export const getUserFile = handler<GetUserFileData>(async ({ ctx, path, res }) => {
  const image = await readImage({ ctx, fileId: path.fileId });
  res.set({
    'Content-Type': image.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
  });
  res.send(image.data);
  return noRawReply;
});

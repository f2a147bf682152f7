// Thumbnails of image assets, made once on upload with sharp. Turned upright by the EXIF
// orientation, shrunk to fit THUMBNAIL_SIZE (never enlarged), first frame of an animation.
// sharp is loaded by the first upload, not at start (about 25 ms of every start's CPU).
import { ValidationError } from '../../http/errors';
import { IMAGE_UNREADABLE, THUMBNAIL_SIZE } from '../../../rules/media';

export async function makeThumbnail(data: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(data).rotate().resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    // Right magic bytes, broken body: sharp's own message would say nothing to a user.
    throw new ValidationError(IMAGE_UNREADABLE);
  }
}

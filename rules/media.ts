// The media manager's limits and texts (spec 003: Media, sections 8 and 9), shared by the
// server, which enforces them, and the screen, which checks before sending.
import { formatPlanStorage } from './format-bytes';

/** Largest file the media manager accepts, in megabytes. */
export const MEDIA_MAX_MB = 50;
/** Files one upload request may carry. */
export const MEDIA_MAX_FILES = 10;
export const MEDIA_PAGE_SIZE = 25;
/** Longest side of an image's thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 320;

export const ASSET_NOT_FOUND = 'Asset not found';
export const UPLOAD_FAILED = 'Could not upload file. Please contact the support team.';
export const IMAGE_UNREADABLE = 'The image could not be read.';

export const storageFull = (limitBytes: number): string =>
  `Storage limit reached: your plan stores up to ${formatPlanStorage(limitBytes)}. Delete files or upgrade your plan.`;

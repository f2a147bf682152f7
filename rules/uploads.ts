// Upload rules shared by the browser (checks before sending) and the server (checks on receipt),
// with the spec's exact words (spec 003).

/** Largest logo or thumbnail accepted, in megabytes. */
export const UPLOAD_MAX_MB = 3;
export const ONLY_IMAGES = 'Only png, jpg, and gif formats are allowed.';
export const UNSUPPORTED = 'Unsupported file type.';
export const tooBig = (maxMb: number) => `File is too big. Size limitation is ${maxMb}mb`;

const MB = 1024 * 1024;

/** `accept` as in <input accept>: 'image/*' or a list like 'application/pdf,text/csv'. */
export function fileProblem({ file, accept, maxMb }: { file: File; accept: string; maxMb: number }): string | undefined {
  const types = accept.split(',').map((type) => type.trim()).filter(Boolean);
  const imagesOnly = types.every((type) => type.startsWith('image/'));
  if (imagesOnly && !file.type.startsWith('image/')) return ONLY_IMAGES;
  const accepted = types.some((type) => (type.endsWith('/*') ? file.type.startsWith(type.slice(0, -1)) : file.type === type));
  if (!accepted) return imagesOnly ? ONLY_IMAGES : UNSUPPORTED;
  if (file.size > maxMb * MB) return tooBig(maxMb);
  return undefined;
}

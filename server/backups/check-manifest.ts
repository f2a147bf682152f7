// The unpacked archive against its manifest: a manifest this version reads, and (format 2) every
// file it lists present with its size and SHA-256, and no file it does not list.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sumFiles } from './file-sums';
import { MANIFEST, READABLE_FORMATS } from './layout';
import type { FileSum, Manifest } from './layout';
import { RestoreRefusedError } from './restore-refused';

/** Far above the list of a million uploads; a longer manifest is not read. */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

const isSum = (value: unknown): value is FileSum =>
  typeof value === 'object' && value !== null && typeof (value as FileSum).size === 'number' && typeof (value as FileSum).sha256 === 'string';

function isManifest(value: unknown): value is Manifest {
  const m = value as Partial<Manifest> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.format === 'number' &&
    typeof m.createdAt === 'string' &&
    typeof m.database === 'boolean' &&
    Array.isArray(m.keys) &&
    m.keys.every((key) => typeof key === 'string') &&
    typeof m.uploads === 'number' &&
    (m.files === undefined || (typeof m.files === 'object' && m.files !== null && Object.values(m.files).every(isSum)))
  );
}

async function readManifest(staging: string): Promise<Manifest> {
  const path = join(staging, MANIFEST);
  const size = (await stat(path).catch(() => null))?.size;
  if (size === undefined) throw new RestoreRefusedError(`The archive holds no ${MANIFEST}: it is not a backup made by npm run backup`);
  if (size > MAX_MANIFEST_BYTES) throw new RestoreRefusedError(`The archive's ${MANIFEST} is ${size} bytes, more than any backup's`);
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new RestoreRefusedError(`The archive's ${MANIFEST} is not valid JSON: the archive is damaged`);
  }
  if (!isManifest(manifest)) throw new RestoreRefusedError(`The archive's ${MANIFEST} lacks what a backup's manifest holds: the archive is damaged`);
  if (!READABLE_FORMATS.includes(manifest.format)) throw new RestoreRefusedError(`The archive is of format ${manifest.format}; this version restores formats ${READABLE_FORMATS.join(' and ')}`);
  return manifest;
}

/** Compares what was unpacked with the manifest's list; answers the manifest and the files unpacked. */
export async function checkUnpacked(staging: string): Promise<{ manifest: Manifest; files: Record<string, FileSum> }> {
  const manifest = await readManifest(staging);
  const files = await sumFiles({ dir: staging, except: [MANIFEST] });
  // Format 1 lists no files: what it holds is checked by the database's own check only.
  if (!manifest.files) return { manifest, files };
  const listed = manifest.files;
  const missing = Object.keys(listed).find((path) => !files[path]);
  if (missing) throw new RestoreRefusedError(`The archive lacks ${missing}, which its ${MANIFEST} lists: the archive is damaged or incomplete`);
  const unlisted = Object.keys(files).find((path) => !listed[path]);
  if (unlisted) throw new RestoreRefusedError(`The archive holds ${unlisted}, which its ${MANIFEST} does not list: it was changed after the backup`);
  const changed = Object.keys(listed).find((path) => listed[path].size !== files[path].size || listed[path].sha256 !== files[path].sha256);
  if (changed) throw new RestoreRefusedError(`${changed} in the archive does not match its checksum in ${MANIFEST}: the archive is damaged`);
  return { manifest, files };
}

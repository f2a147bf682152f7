// The disk engine: each blob is a file under one folder, its content type in a sidecar
// "<key>.meta.json". Several instances need that folder shared (or the S3 engine). Files are
// readable by the server's own user only (0600, folders 0700) whatever the umask: the server
// serves them itself, and some hold secrets (backups, import files).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { dirname, join } from 'node:path';
import { assertSafeKey } from './port';
import type { BlobStore } from './port';

const FALLBACK_TYPE = 'application/octet-stream';
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

async function contentTypeOf(path: string): Promise<string> {
  try {
    const meta = JSON.parse(await readFile(`${path}.meta.json`, 'utf8')) as { contentType?: unknown };
    return typeof meta.contentType === 'string' ? meta.contentType : FALLBACK_TYPE;
  } catch {
    // Blobs written before the sidecar existed (developer uploads) keep their type in their record.
    return FALLBACK_TYPE;
  }
}

/**
 * Written aside as ".part", then renamed: a file at its key is whole and never written again, so a
 * backup's hard link to it (server/backups/create-archive.ts) keeps the bytes it checksummed.
 */
async function writeWhole(path: string, data: Buffer | string): Promise<void> {
  const part = `${path}.part`;
  try {
    await writeFile(part, data, { mode: FILE_MODE });
    await rename(part, path);
  } catch (err) {
    await rm(part, { force: true });
    throw err;
  }
}

export function diskBlobStore({ dir }: { dir: string }): BlobStore {
  const pathOf = (key: string): string => {
    assertSafeKey(key);
    return join(dir, key);
  };
  return {
    async put({ key, data, contentType }) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: DIR_MODE });
      await writeWhole(`${path}.meta.json`, JSON.stringify({ contentType }));
      await writeWhole(path, data);
    },
    async putStream({ key, body, size, contentType }) {
      const path = pathOf(key);
      // Written aside, then renamed: a reader never sees half a file.
      const part = `${path}.part`;
      await mkdir(dirname(path), { recursive: true, mode: DIR_MODE });
      await writeWhole(`${path}.meta.json`, JSON.stringify({ contentType }));
      try {
        await pipeline(body, createWriteStream(part, { mode: FILE_MODE }));
        const written = (await stat(part)).size;
        if (written !== size) throw new Error(`Blob ${key}: ${written} bytes arrived, ${size} expected`);
        await rename(part, path);
      } catch (err) {
        await rm(part, { force: true });
        await rm(`${path}.meta.json`, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(path, { start: range?.start ?? 0 }), size: info.size, contentType: await contentTypeOf(path) };
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.meta.json`, { force: true });
    },
  };
}

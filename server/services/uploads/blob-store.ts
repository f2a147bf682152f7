// Where uploaded bytes live, behind a tiny port; the default keeps them on disk under
// UPLOADS_DIR. Several instances need that directory shared (or another adapter).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface BlobStore {
  put(id: string, data: Buffer): Promise<void>;
  get(id: string): Promise<Buffer | null>;
}

/** Ids are server-made UUIDs, never user input, so they are safe as file names. */
export function diskBlobStore(dir: string): BlobStore {
  return {
    async put(id, data) {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, id), data);
    },
    async get(id) {
      try {
        return await readFile(join(dir, id));
      } catch {
        return null;
      }
    },
  };
}

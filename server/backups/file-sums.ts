// The size and SHA-256 of every file under a folder, by path relative to it: what a backup's
// manifest lists, and what a restore compares with it before it writes anything.
import { createReadStream } from 'node:fs';
import { opendir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileSum } from './layout';

async function sumOf(path: string): Promise<FileSum> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(createReadStream(path), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.length;
    }
  });
  return { size, sha256: hash.digest('hex') };
}

/** By path as in the archive, sorted; `except` names paths left out. */
export async function sumFiles({ dir, except = [] }: { dir: string; except?: string[] }): Promise<Record<string, FileSum>> {
  const paths: string[] = [];
  for await (const entry of await opendir(dir, { recursive: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name));
    if (!except.includes(path)) paths.push(path);
  }
  const sums: Record<string, FileSum> = {};
  for (const path of paths.sort()) sums[path] = await sumOf(join(dir, path));
  return sums;
}

// Where uploaded bytes live, behind one port with two engines (disk.ts, s3.ts); index.ts picks
// one from the configuration. Keys are made by the server (UUIDs, optionally under a folder
// like "assets/"), never taken from user input.
import type { Readable } from 'node:stream';

export interface StoredBlob {
  body: Readable;
  size: number;
  contentType: string;
}

export interface BlobStore {
  put(input: { key: string; data: Buffer; contentType: string }): Promise<void>;
  /** A large blob (an import's file) from a stream of `size` bytes, never whole in memory; seen by get only once complete. */
  putStream(input: {
    key: string;
    body: Readable;
    size: number;
    contentType: string;
  }): Promise<void>;
  /**
   * The blob as a stream with what serving it needs, or null when no blob has that key. With
   * `start`, the stream begins at that byte (a resumed import); `size` is still the whole blob's.
   */
  get(key: string, range?: { start: number }): Promise<StoredBlob | null>;
  /** Deleting a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Refuses keys that could climb out of a folder or name a sidecar file ("..", "/x", "x.meta"). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.endsWith('.meta.json')) throw new Error(`Unsafe blob key: ${key}`);
}

/** The whole blob in memory (small files: logos, thumbnails). */
export async function readBlob({ store, key }: { store: BlobStore; key: string }): Promise<{ data: Buffer; contentType: string } | null> {
  const blob = await store.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return { data: Buffer.concat(chunks), contentType: blob.contentType };
}

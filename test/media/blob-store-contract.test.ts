// One contract for every blob-store engine: the disk folder and an S3-compatible server (MinIO).
import { mkdtempSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBlobStore, readBlob } from '../../server/services/blobs';
import type { BlobStore } from '../../server/services/blobs';
import type { BlobsConfig } from '../../server/config';
import { minioBuilt, S3_MISSING, withS3Peer } from '../helpers/minio';

function contract(storeOf: () => BlobStore): void {
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));

  it('gives back what was put, with its size and content type', async () => {
    await storeOf().put({ key: 'assets/one', data: bytes, contentType: 'image/png' });
    const blob = await storeOf().get('assets/one');
    expect(blob).toMatchObject({ size: bytes.length, contentType: 'image/png' });
    const read = await readBlob({ store: storeOf(), key: 'assets/one' });
    expect(read?.data.equals(bytes)).toBe(true);
  });

  it('replaces a blob put again under the same key', async () => {
    await storeOf().put({ key: 'assets/two', data: Buffer.from('first'), contentType: 'text/csv' });
    await storeOf().put({ key: 'assets/two', data: Buffer.from('second!'), contentType: 'text/plain' });
    expect(await readBlob({ store: storeOf(), key: 'assets/two' })).toEqual({ data: Buffer.from('second!'), contentType: 'text/plain' });
  });

  it('stores a stream of known size and reads it back from any byte, the size still the whole blob', async () => {
    await storeOf().putStream({ key: 'imports/streamed', body: Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), size: bytes.length, contentType: 'text/csv' });
    const whole = await readBlob({ store: storeOf(), key: 'imports/streamed' });
    expect(whole?.data.equals(bytes)).toBe(true);
    const tail = await storeOf().get('imports/streamed', { start: 65_000 });
    expect(tail?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of tail?.body ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(bytes.subarray(65_000))).toBe(true);
  });

  it('keeps nothing of a stream that breaks off', async () => {
    const broken = new Readable({
      read() {
        this.push(bytes.subarray(0, 500));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storeOf().putStream({ key: 'imports/broken', body: broken, size: bytes.length, contentType: 'text/csv' })).rejects.toThrow();
    expect(await storeOf().get('imports/broken')).toBeNull();
  });

  it('answers null for a key that holds nothing', async () => {
    expect(await storeOf().get('assets/never-put')).toBeNull();
  });

  it('deletes a blob, and deleting again is not an error', async () => {
    await storeOf().put({ key: 'assets/three.thumb.png', data: Buffer.from('x'), contentType: 'image/png' });
    await storeOf().delete('assets/three.thumb.png');
    expect(await storeOf().get('assets/three.thumb.png')).toBeNull();
    await expect(storeOf().delete('assets/three.thumb.png')).resolves.toBeUndefined();
  });

  it.each(['../escape', '/absolute', 'assets/../../etc', 'a/.hidden/..', 'x.meta.json', ''])('refuses the unsafe key %j', async (key) => {
    await expect(storeOf().put({ key, data: Buffer.from('x'), contentType: 'text/plain' })).rejects.toThrow('Unsafe blob key');
  });
}

describe('disk engine', () => {
  let dir = '';
  let store: BlobStore;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'nindo-blobs-'));
    store = createBlobStore({ blobs: { engine: 'disk' }, uploadsDir: dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  contract(() => store);
});

if (minioBuilt()) {
  describe('S3 engine on MinIO', () => {
    const peer = withS3Peer();
    let store: BlobStore;
    beforeAll(() => {
      const blobs: BlobsConfig = peer.blobs;
      store = createBlobStore({ blobs, uploadsDir: 'unused' });
    });
    contract(() => store);
  });
} else {
  describe.skip(S3_MISSING, () => {
    it('runs the contract on MinIO', () => undefined);
  });
}

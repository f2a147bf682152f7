// The blob store the configuration asks for (BLOB_STORE=disk|s3), one per configuration so the
// S3 client and its connection pool are shared by every request.
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { diskBlobStore } from './disk';
import { s3BlobStore, s3Client } from './s3';
import type { BlobStore } from './port';

export type { BlobStore, StoredBlob } from './port';
export { readBlob } from './port';

const stores = new WeakMap<Config, BlobStore>();

export function createBlobStore(config: Pick<Config, 'blobs' | 'uploadsDir'>): BlobStore {
  const { blobs } = config;
  if (blobs.engine === 's3') return s3BlobStore({ client: s3Client(blobs.s3), bucket: blobs.s3.bucket });
  return diskBlobStore({ dir: config.uploadsDir });
}

export function blobStoreOf(ctx: AppContext): BlobStore {
  let store = stores.get(ctx.config);
  if (!store) {
    store = createBlobStore(ctx.config);
    stores.set(ctx.config, store);
  }
  return store;
}

// The blob store the configuration asks for (BLOB_STORE=disk|s3), one per configuration so the
// S3 client and its connection pool are shared by every request. The AWS SDK is loaded on the
// first blob call, not at start: parsing it was about 60 ms of every start's CPU (docs/serving.md).
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { diskBlobStore } from './disk';
import type { S3Settings } from './s3';
import type { BlobStore } from './port';

export type { BlobStore, StoredBlob } from './port';
export { readBlob } from './port';

const stores = new WeakMap<Config, BlobStore>();

/** The S3 engine, its SDK and client made on the first call and shared by the later ones. */
function lazyS3BlobStore(settings: S3Settings): BlobStore {
  let loaded: Promise<BlobStore> | undefined;
  const s3 = (): Promise<BlobStore> => (loaded ??= import('./s3').then(({ s3BlobStore, s3Client }) => s3BlobStore({ client: s3Client(settings), bucket: settings.bucket })));
  return {
    put: async (input) => (await s3()).put(input),
    putStream: async (input) => (await s3()).putStream(input),
    get: async (key, range) => (await s3()).get(key, range),
    delete: async (key) => (await s3()).delete(key),
  };
}

export function createBlobStore(config: Pick<Config, 'blobs' | 'uploadsDir'>): BlobStore {
  const { blobs } = config;
  if (blobs.engine === 's3') return lazyS3BlobStore(blobs.s3);
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

// The S3-compatible engine (AWS S3, MinIO, R2, ...) through the official AWS SDK. A custom
// endpoint (a local or self-hosted server) is addressed path-style, which every such server
// understands, instead of the bucket-name subdomains of AWS.
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey } from './port';
import type { BlobStore } from './port';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export function s3Client(settings: S3Settings): S3Client {
  const { region, endpoint, accessKeyId, secretAccessKey } = settings;
  return new S3Client({
    region,
    endpoint,
    forcePathStyle: Boolean(endpoint),
    // Checksums only where S3 requires them: the default wraps every body in a checksum stream,
    // which some S3-compatible servers refuse and which re-emits a broken source's error unheard.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // Without keys the SDK's default chain applies (environment, instance role).
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}

const isMissing = (err: unknown): boolean =>
  err instanceof NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

export function s3BlobStore({ client, bucket }: { client: S3Client; bucket: string }): BlobStore {
  return {
    async put({ key, data, contentType }) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
    },
    async putStream({ key, body, size, contentType }) {
      assertSafeKey(key);
      // A known length lets one PUT carry a stream (up to S3's 5 GB for a single PUT). The SDK
      // neither listens for the body's own error nor ends the request on it, so a source that
      // breaks off would hang the PUT: its error aborts the request, and S3 keeps nothing.
      const abort = new AbortController();
      const broken = new Promise<never>((_, reject) => {
        body.once('error', (err) => {
          abort.abort(err);
          reject(err);
        });
      });
      const sent = client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size }), { abortSignal: abort.signal });
      broken.catch(() => undefined);
      sent.catch(() => undefined);
      await Promise.race([sent, broken]);
    },
    async get(key, range) {
      assertSafeKey(key);
      try {
        const start = range?.start ?? 0;
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(start > 0 ? { Range: `bytes=${start}-` } : {}) }));
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered a body that is not a Node stream');
        // A ranged answer's Content-Range ends with the whole object's size: "bytes 100-199/200".
        const size = Number(object.ContentRange?.split('/')[1] ?? object.ContentLength ?? 0);
        return { body: object.Body, size, contentType: object.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

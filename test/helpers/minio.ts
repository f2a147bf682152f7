// Starts MinIO (scripts/peers/minio.sh, built from the Go module proxy by `npm run peers`) for
// one jest file, with a fresh bucket, and hands back the S3 blob-store settings. Suites run
// their S3 part only when the binary is built, and say so in the skipped block's title.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { BlobsConfig } from '../../server/config';
import { s3Client } from '../../server/services/blobs/s3';
import type { S3Settings } from '../../server/services/blobs/s3';

const run = promisify(execFile);
const SCRIPT = join(__dirname, '..', '..', 'scripts', 'peers', 'minio.sh');
const START_TIMEOUT_MS = 60_000;

/** Whether `npm run peers` built MinIO here. */
export function minioBuilt(): boolean {
  try {
    execFileSync(SCRIPT, ['path'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const S3_MISSING = 'S3 engine skipped: MinIO is not built here (npm run peers builds it)';

const envValue = (stdout: string, name: string): string => stdout.match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1] ?? '';

export interface S3Peer {
  /** A blobs configuration on a bucket of its own. */
  readonly blobs: Extract<BlobsConfig, { engine: 's3' }>;
}

/** Registers beforeAll/afterAll hooks; read `blobs` inside tests. */
export function withS3Peer(): S3Peer {
  let runDir = '';
  let settings: S3Settings | undefined;
  beforeAll(async () => {
    runDir = mkdtempSync(join(tmpdir(), 'nindo-minio-'));
    const { stdout } = await run(SCRIPT, ['start', runDir], { timeout: START_TIMEOUT_MS });
    settings = {
      bucket: 'nindo-test',
      region: 'us-east-1',
      endpoint: envValue(stdout, 'S3_ENDPOINT'),
      accessKeyId: envValue(stdout, 'S3_ACCESS_KEY_ID'),
      secretAccessKey: envValue(stdout, 'S3_SECRET_ACCESS_KEY'),
    };
    const client = s3Client(settings);
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
    client.destroy();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    if (runDir) await run(SCRIPT, ['stop', runDir]);
  });
  return {
    get blobs() {
      if (!settings) throw new Error('withS3Peer: MinIO runs only while the suite does');
      return { engine: 's3' as const, s3: settings };
    },
  };
}

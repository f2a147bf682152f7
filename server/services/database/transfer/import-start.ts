// Starts an import: the request's file is stored as a blob as it arrives (never whole in memory),
// a CSV's header is checked against the collection's fields, and the import is queued for the
// worker of any instance. The request ends there; docs/database.md, "Import and export".
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { Readable, TransformCallback } from 'node:stream';
import type { AppContext } from '../../../context';
import { AppError, TooManyRequestsError, ValidationError } from '../../../http/errors';
import { DATABASE_MESSAGES } from '../../../../rules/database';
import type { ImportFormat } from '../../../../rules/database-transfer';
import { IMPORT_MAX_BYTES, IMPORT_MEDIA_TYPES, IMPORT_MESSAGES, importTooBig, MAX_OPEN_IMPORTS } from '../../../../rules/database-transfer';
import { blobStoreOf } from '../../blobs';
import { findCollection } from '../collections';
import { FILE_START } from './file-position';
import { checkedHeader } from './import-header';
import type { ImportJobDoc } from './import-jobs';
import { pruneImports } from './import-prune';
import { deleteImport, openImportsOf, queueImport, reserveImport } from './import-queue';

/** How long a refused start asks the client to wait. */
const RETRY_AFTER_SECONDS = 30;

/** Passes the bytes through, failing once more than the import's limit went by. */
function byteLimit(): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.length;
      done(seen > IMPORT_MAX_BYTES ? new AppError(413, importTooBig()) : null, chunk);
    },
  });
}

/**
 * Stores the body under `key` and answers its size. A body of declared length streams straight to
 * the blob store; one without (chunked) goes through a temporary file first, for its size.
 */
async function storeBody({ ctx, key, body, size, format }: { ctx: AppContext; key: string; body: Readable; size?: number; format: ImportFormat }): Promise<number> {
  const contentType = IMPORT_MEDIA_TYPES[format];
  if (size !== undefined) {
    await blobStoreOf(ctx).putStream({ key, body, size, contentType });
    return size;
  }
  const spooled = join(tmpdir(), `nindo-import-${randomUUID()}`);
  try {
    // The import's rows, for the server's user only (the shared temp folder is readable by all).
    await pipeline(body, byteLimit(), createWriteStream(spooled, { mode: 0o600 }));
    const spooledSize = (await stat(spooled)).size;
    await blobStoreOf(ctx).putStream({ key, body: createReadStream(spooled), size: spooledSize, contentType });
    return spooledSize;
  } finally {
    await rm(spooled, { force: true });
  }
}

async function refuseWhenTooMany({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<void> {
  if ((await openImportsOf({ ctx, appId })) > MAX_OPEN_IMPORTS) throw new TooManyRequestsError(IMPORT_MESSAGES.tooManyOpen, RETRY_AFTER_SECONDS);
}

/** `size`: the request's Content-Length, when it declared one (at most IMPORT_MAX_BYTES). */
export async function startImport({ ctx, appId, name, format, body, size }: { ctx: AppContext; appId: string; name: string; format: ImportFormat; body: Readable; size?: number }): Promise<ImportJobDoc> {
  const collection = await findCollection({ ctx, appId, name });
  if (collection.attributes.length === 0) throw new ValidationError(DATABASE_MESSAGES.noFields);
  await pruneImports({ ctx, appId });
  const id = randomUUID();
  const job = await reserveImport({ ctx, job: { _id: id, appId, collectionId: collection._id, collectionName: collection.name, format, blobKey: `imports/${id}` } });
  try {
    // Counted with this one reserved: of uploads started together, those past the limit are refused.
    await refuseWhenTooMany({ ctx, appId });
    const stored = await storeBody({ ctx, key: job.blobKey, body, size, format });
    if (stored === 0) throw new ValidationError(IMPORT_MESSAGES.emptyFile);
    const header = format === 'csv' ? await checkedHeader({ ctx, blobKey: job.blobKey, collection }) : undefined;
    return await queueImport({ ctx, job, stored: { size: stored, position: header?.end ?? FILE_START, ...(header ? { columns: header.columns } : {}) } });
  } catch (err) {
    await deleteImport({ ctx, job });
    throw err;
  }
}

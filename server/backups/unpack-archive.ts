// Unpacks a backup archive into a staging folder, and only its own parts: age decryption when it is
// encrypted, gunzip, then the tar entries one by one. Only regular files are written, with modes of
// our choosing (never the archive's: no setuid bit, no executable upload); links, devices, paths
// out of the folder, in-progress ".part" files and earlier archives under uploads/backups/ are
// skipped. Whatever goes wrong is answered as one RestoreRefusedError naming it.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Parser } from 'tar';
import type { ReadEntry } from 'tar';
import { AGE_INTRO, AgeError, ageDecrypt } from './age-stream';
import type { BackupKey } from './age-keys';
import { DATABASE_ENTRY, isArchivedUpload, KEY_FILES, KEYS_DIR, MANIFEST, UPLOADS_DIR } from './layout';
import { RestoreRefusedError } from './restore-refused';

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const TOP_FILES = new Set([MANIFEST, DATABASE_ENTRY, ...KEY_FILES.map((name) => `${KEYS_DIR}/${name}`)]);
/** Every file restored, uploads included, is readable by the server's own user only, as the disk blob store writes them. */
const PRIVATE_MODE = 0o600;

/** The entry's path when it is one of the archive's own files, or null to skip it. */
function ownPath(entry: ReadEntry): string | null {
  if (!FILE_TYPES.has(entry.type)) return null;
  const path = posix.normalize(entry.path);
  if (path.startsWith('/') || path.split('/').includes('..')) return null;
  if (TOP_FILES.has(path)) return path;
  return path.startsWith(`${UPLOADS_DIR}/`) && isArchivedUpload(path.slice(UPLOADS_DIR.length + 1)) ? path : null;
}

type Kind = 'age' | 'gzip';

const codeOf = (err: unknown): string => String((err as NodeJS.ErrnoException | null)?.code ?? '');
const firstLine = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0];

async function kindOf(file: string): Promise<Kind> {
  const head = Buffer.alloc(64);
  let bytesRead: number;
  try {
    const handle = await open(file, 'r');
    ({ bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close()));
  } catch (err) {
    throw new RestoreRefusedError(`${file} cannot be read: ${firstLine(err)}`);
  }
  const text = head.subarray(0, bytesRead).toString('latin1');
  if (bytesRead === 0) throw new RestoreRefusedError(`${file} is empty: copy the archive again from where it is kept`);
  if (text.startsWith(AGE_INTRO)) return 'age';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (text.startsWith('-----BEGIN AGE ENCRYPTED FILE-----')) throw new RestoreRefusedError(`${file} is age-encrypted in ASCII armor: decrypt it with age -d first and restore the .tar.gz`);
  throw new RestoreRefusedError(`${file} is not a backup archive: it is neither a tar.gz nor age-encrypted`);
}

function identityFor({ file, key }: { file: string; key?: BackupKey }): string {
  if (!key) throw new RestoreRefusedError(`${file} is encrypted (age): set BACKUP_ENCRYPTION_KEY to the secret key it was written for (AGE-SECRET-KEY-1...)`);
  if (!key.identity) throw new RestoreRefusedError(`${file} is encrypted, and BACKUP_ENCRYPTION_KEY is a public key (age1...): restoring needs its secret key (AGE-SECRET-KEY-1...)`);
  return key.identity;
}

/** One line for what stopped the unpacking. */
function refusal({ err, file }: { err: unknown; file: string }): RestoreRefusedError {
  if (err instanceof RestoreRefusedError) return err;
  if (err instanceof AgeError) return new RestoreRefusedError(`${file} cannot be restored: ${err.message}`);
  const code = codeOf(err);
  if (code === 'Z_BUF_ERROR') return new RestoreRefusedError(`${file} is truncated: its compressed data ends early; copy the archive again from where it is kept`);
  if (code.startsWith('Z_')) return new RestoreRefusedError(`${file} is damaged: its compressed data does not check out (${firstLine(err)})`);
  if (code.startsWith('TAR_')) return new RestoreRefusedError(`${file} is damaged: it is not a valid tar archive (${firstLine(err)})`);
  if (code === 'EEXIST') return new RestoreRefusedError(`${file} is damaged: it holds the same file twice`);
  if (code === 'ABORT_ERR') return new RestoreRefusedError('The restore was interrupted; nothing was restored');
  return new RestoreRefusedError(`${file} could not be unpacked: ${firstLine(err)}`);
}

/** Feeds the parser from a stream, waiting for it as it writes, until it has read the whole archive. */
function parse(parser: Parser): (chunks: AsyncIterable<Buffer>) => Promise<void> {
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('error', reject);
    parser.on('end', resolve);
  });
  parsed.catch(() => undefined);
  return async (chunks) => {
    for await (const chunk of chunks) if (!parser.write(chunk)) await Promise.race([once(parser, 'drain'), parsed]);
    parser.end();
    await parsed;
  };
}

/** Unpacks `file` into `staging` (an empty folder); answers the paths skipped. */
export async function unpackArchive({ file, staging, key, signal }: { file: string; staging: string; key?: BackupKey; signal?: AbortSignal }): Promise<{ skipped: string[] }> {
  const kind = await kindOf(file);
  const identity = kind === 'age' ? identityFor({ file, key }) : undefined;
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  if (signal?.aborted) interrupt();
  else signal?.addEventListener('abort', interrupt, { once: true });
  let failure: unknown = null;
  const fail = (err: unknown): void => {
    failure ??= err;
    controller.abort();
  };
  const writes: Promise<void>[] = [];
  const skipped: string[] = [];
  const write = async (entry: ReadEntry, path: string): Promise<void> => {
    const target = join(staging, path);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    await pipeline(entry, createWriteStream(target, { flags: 'wx', mode: PRIVATE_MODE }), { signal: controller.signal });
  };
  const parser = new Parser({
    strict: true,
    noResume: true,
    onReadEntry: (entry) => {
      const path = ownPath(entry);
      if (!path) {
        // Folders are made as their files need them.
        if (entry.type !== 'Directory') skipped.push(entry.path);
        entry.resume();
        return;
      }
      writes.push(write(entry, path).catch(fail));
    },
  });
  const source = createReadStream(file);
  try {
    await (identity ? pipeline(source, ageDecrypt(identity), createGunzip(), parse(parser), { signal: controller.signal }) : pipeline(source, createGunzip(), parse(parser), { signal: controller.signal }));
  } catch (err) {
    fail(err);
  } finally {
    signal?.removeEventListener('abort', interrupt);
  }
  await Promise.all(writes);
  if (failure !== null) throw refusal({ err: failure, file });
  return { skipped };
}

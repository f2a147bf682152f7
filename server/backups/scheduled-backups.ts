// Scheduled backups (BACKUP_SCHEDULE, BACKUP_KEEP; docs/backups-and-restarts.md): every instance
// checks now and then whether one is due, and the one that takes the store lease writes the archive
// through the blob store (the uploads folder, or the S3 bucket) and removes the oldest beyond
// BACKUP_KEEP. What ran is recorded in the store, so instances agree on when the next is due.
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { AppContext } from '../context';
import type { Doc } from '../storage/port';
import { withStoreLeaseIfFree } from '../schema-evolution/store-lease';
import { blobStoreOf } from '../services/blobs';
import { log } from '../observability/log';
import { archiveName, BACKUP_BLOB_PREFIX } from './layout';
import type * as AgeKeys from './age-keys';

export const BACKUP_RUNS = 'backupRuns';
const LEASE_NAME = 'scheduled-backup';
const MINUTE = 60_000;
const UNITS: Record<string, number> = { m: MINUTE, h: 60 * MINUTE, d: 24 * 60 * MINUTE };
/** How often an instance looks whether a backup is due: a backup starts at most this late. */
const CHECK_MS = MINUTE;

export interface BackupRunDoc extends Doc {
  /** The archive's blob key. */
  _id: string;
  createdAt: string;
  size: number;
}

/** "30m", "6h", "1d": the time between two backups. Anything else stops the start with a message. */
export function parseBackupSchedule(text: string): number {
  const match = /^(\d+)\s*([mhd])$/.exec(text.trim());
  const ms = match ? Number(match[1]) * UNITS[match[2]] : 0;
  if (!match || ms < MINUTE) throw new Error(`BACKUP_SCHEDULE must be a time between backups such as 30m, 6h or 1d (minutes, hours, days), not "${text}"`);
  return ms;
}

const runs = (ctx: AppContext) => ctx.store.collection<BackupRunDoc>(BACKUP_RUNS);

/** Whom archives are encrypted for, from BACKUP_ENCRYPTION_KEY; read at start, so a wrong one stops it. */
const encryptionOf = (ctx: AppContext): string | undefined => {
  const text = ctx.config.backups.encryptionKey;
  if (!text) return undefined;
  // age-encryption (with its post-quantum ciphers) loaded only with a key: about 10 ms of every start otherwise.
  const { parseBackupKey } = require('./age-keys') as typeof AgeKeys;
  return parseBackupKey(text).recipient;
};

/** Writes one archive through the blob store and records it; answers its key. */
async function writeBackup({ ctx, encryptFor }: { ctx: AppContext; encryptFor?: string }): Promise<BackupRunDoc> {
  const { config } = ctx;
  const dataDir = resolve(config.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(join(dataDir, '.nindo-scheduled-backup-'));
  try {
    const at = ctx.now();
    const name = archiveName(at, { encrypted: Boolean(encryptFor) });
    const file = join(work, name);
    // On the store's own connection, in small steps: the server's thread is never held for the whole copy.
    // Loaded when a backup is due, not at start-up (docs/serving.md).
    const { createBackupArchive } = await import('./create-archive');
    const { backupTo } = ctx.store;
    await createBackupArchive({ source: config, file, now: () => at, encryptFor, ...(backupTo ? { backupDatabase: (to: string) => backupTo.call(ctx.store, to) } : {}) });
    const { size } = await stat(file);
    const key = `${BACKUP_BLOB_PREFIX}/${name}`;
    const contentType = encryptFor ? 'application/octet-stream' : 'application/gzip';
    await blobStoreOf(ctx).putStream({ key, body: createReadStream(file), size, contentType });
    return runs(ctx).insertOne({ _id: key, createdAt: at.toISOString(), size });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Removes the archives beyond the newest `keep`, the blob first so that no record names a blob that is gone. */
async function prune({ ctx, keep }: { ctx: AppContext; keep: number }): Promise<string[]> {
  const old = await runs(ctx).find({}, { sort: { createdAt: -1 }, skip: keep });
  for (const run of old) {
    await blobStoreOf(ctx).delete(run._id);
    await runs(ctx).deleteOne({ _id: run._id });
  }
  return old.map((run) => run._id);
}

/** One check: if a backup is due and no other instance is taking one, takes it. Answers the new archive's key, or null. */
export async function runScheduledBackup({ ctx, intervalMs, keep, encryptFor = encryptionOf(ctx) }: { ctx: AppContext; intervalMs: number; keep: number; encryptFor?: string }): Promise<string | null> {
  const outcome = await withStoreLeaseIfFree({
    store: ctx.store,
    name: LEASE_NAME,
    now: ctx.now,
    work: async () => {
      const last = await runs(ctx).findOne({}, { sort: { createdAt: -1 } });
      if (last && Date.parse(last.createdAt) + intervalMs > ctx.now().getTime()) return null;
      const run = await writeBackup({ ctx, encryptFor });
      const removed = await prune({ ctx, keep });
      log.info({ key: run._id, size: run.size, removed }, `Scheduled backup written to ${run._id}`);
      return run._id;
    },
  });
  return outcome.ran ? outcome.result : null;
}

/** Checks every CHECK_MS (and soon after start) while BACKUP_SCHEDULE is set. */
export function startBackupScheduler(ctx: AppContext): () => void {
  const { schedule, keep } = ctx.config.backups;
  if (!schedule) return () => undefined;
  const intervalMs = parseBackupSchedule(schedule);
  const encryptFor = encryptionOf(ctx);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async (): Promise<void> => {
    await runScheduledBackup({ ctx, intervalMs, keep, encryptFor }).catch((err: unknown) => {
      if (!stopped) log.error({ err }, 'Scheduled backup failed; the next check tries again');
    });
    if (!stopped) timer = setTimeout(() => void tick(), CHECK_MS);
  };
  timer = setTimeout(() => void tick(), 10_000);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

// Reading and bounding the change log: entries of an app after a seq, and the background prune
// that keeps each app's log to its time and size (docs/public-data-api.md, "Live changes").
import type { AppContext } from '../../../context';
import { startPeriodic } from '../../periodic';
import { changeLog } from './model';
import type { ChangeDoc } from './model';
import { headSeq } from './sequence';
import { pruneLiveClients } from './prune-clients';

/** Entries of one app after `after`, up to `upTo` when given, oldest first. */
export function readChanges({ ctx, appId, after, upTo, limit }: { ctx: AppContext; appId: string; after: number; upTo?: number; limit: number }): Promise<ChangeDoc[]> {
  const seq = upTo === undefined ? { $gt: after } : { $gt: after, $lte: upTo };
  return changeLog(ctx).find({ appId, seq }, { sort: { seq: 1 }, limit });
}

/** The oldest seq an app's log still holds, or undefined when it holds none. */
export async function oldestSeq({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<number | undefined> {
  return (await changeLog(ctx).findOne({ appId }, { sort: { seq: 1 } }))?.seq;
}

/** Called by the writer of every entry: past `maxEntriesPerApp`, the app's oldest go (every 100th seq, so one delete covers many). */
export async function trimBySize({ ctx, appId, seq }: { ctx: AppContext; appId: string; seq: number }): Promise<void> {
  const keep = ctx.config.live.maxEntriesPerApp;
  if (seq % 100 !== 0 || seq <= keep) return;
  await changeLog(ctx).deleteMany({ appId, seq: { $lte: seq - keep } });
}

const PRUNE_PAGE = 1000;
const MAX_PRUNE_ROUNDS = 100;

/**
 * Entries older than the retention go, but never an app's newest: its seq is where the app's next
 * entry starts counting, so the numbers of an app that was quiet for a day still only grow.
 */
export async function pruneChanges({ ctx }: { ctx: AppContext }): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.live.retentionMs).toISOString();
  let removed = 0;
  for (let round = 0; round < MAX_PRUNE_ROUNDS; round += 1) {
    const old = await changeLog(ctx).find({ at: { $lt: cutoff } }, { sort: { at: 1 }, limit: PRUNE_PAGE });
    let progress = 0;
    for (const appId of new Set(old.map((entry) => entry.appId))) {
      const head = await headSeq({ ctx, appId });
      progress += await changeLog(ctx).deleteMany({ appId, at: { $lt: cutoff }, seq: { $lt: head } });
    }
    removed += progress;
    if (progress === 0 || old.length < PRUNE_PAGE) break;
  }
  return removed;
}

const PRUNE_EVERY_MS = 60_000;

export function startChangePruner(ctx: AppContext): () => Promise<void> {
  return startPeriodic({ everyMs: PRUNE_EVERY_MS, run: () => Promise.all([pruneChanges({ ctx }), pruneLiveClients({ ctx })]), failed: 'Change log prune failed' });
}

// The usage of a document write, kept off its request path (issue 30 item 3): the write is judged
// in memory against the app's newest usage this process knows (seen less than FRESH_MS ago, else
// read: a read, no write) plus what this process admitted and has not stored yet, and its change
// is stored as the app's next usage version after the write, in the background (usage-versions.ts
// batches the changes of one turn into one version). So a public create, update or delete writes
// the document only.
//
// The price, recorded in docs/database-speed.md and docs/public-data-api.md: an instance does not
// see what the others admitted since it last stored or read a version, so writes racing through
// several instances may pass a quota, each instance by at most the room it saw (in practice what
// the others admit within FRESH_MS and one version write); the counters themselves stay exact,
// and once they are stored every instance refuses the next growth. An instance killed between a
// write and its version loses that change (at most one turn's writes of one app).
import type { AppContext } from '../../context';
import type { Store } from '../../storage/port';
import { log } from '../../observability/log';
import { judge } from './usage-changes';
import type { Usage, Verdict } from './usage-changes';
import { addUnwritten, changeUsage, recentUsage, unwrittenUsage } from './usage-versions';

/** How old the newest usage this process knows may be when a write that grows it is judged. */
export const FRESH_MS = 1000;

/** Per store (one per instance) and app: the version writes under way. */
const pending = new WeakMap<Store, Map<string, Set<Promise<void>>>>();

function pendingOf({ ctx, appId }: { ctx: AppContext; appId: string }): Set<Promise<void>> {
  let apps = pending.get(ctx.store);
  if (!apps) {
    apps = new Map();
    pending.set(ctx.store, apps);
  }
  let writes = apps.get(appId);
  if (!writes) {
    writes = new Set();
    apps.set(appId, writes);
  }
  return writes;
}

/** Resolves once this process's usage versions under way (of the app, or of every app) are stored or failed. */
export async function usageWritten({ ctx, appId }: { ctx: AppContext; appId?: string }): Promise<void> {
  const apps = pending.get(ctx.store);
  if (!apps) return;
  const writes = appId === undefined ? [...apps.values()].flatMap((set) => [...set]) : [...(apps.get(appId) ?? [])];
  await Promise.all(writes);
}

/** Stores an admitted change as a version, not waited for; a failure is logged and this process keeps counting it. */
function storeLater({ ctx, appId, add }: { ctx: AppContext; appId: string; add: Usage }): void {
  if (add.documents === 0 && add.bytes === 0) return;
  const writes = pendingOf({ ctx, appId });
  const write = changeUsage({ ctx, appId, change: { add }, admitted: true }).then(
    () => undefined,
    (err: unknown) => log.error({ err, appId, add }, 'Usage version write failed'),
  );
  writes.add(write);
  void write.finally(() => writes.delete(write));
}

const negative = ({ documents, bytes }: Usage): Usage => ({ documents: -documents, bytes: -bytes });

/** Judges a growth on the newest usage known plus this process's unwritten; admitted, it counts as unwritten in the same step. */
async function admit({ ctx, appId, add, limits, read }: { ctx: AppContext; appId: string; add: Usage; limits: Usage; read: boolean }): Promise<{ verdict: Verdict; read: boolean }> {
  // Read only once this process's own versions are stored, so the store's usage and the unwritten do not both hold them.
  if (read) await usageWritten({ ctx, appId });
  const known = await recentUsage({ ctx, appId, withinMs: read ? 0 : FRESH_MS });
  const mine = unwrittenUsage({ ctx, appId });
  const usage = { documents: known.usage.documents + mine.documents, bytes: known.usage.bytes + mine.bytes };
  const [judged] = judge({ usage, changes: [{ add, limits }] }).verdicts;
  if (!('refused' in judged)) addUnwritten({ ctx, appId, add });
  return { verdict: judged, read: known.read };
}

/**
 * Judges `add` against the app's quota (refused: the usage it was judged on), counts it as this
 * process's, runs the write, and stores what `settle` says the write changed (by default `add`)
 * in the background; a failed write takes the charge back. A refusal judged on a remembered usage
 * is judged again on the store's (another instance may have freed room).
 */
export async function admittedWrite<T>({
  ctx,
  appId,
  add,
  limits,
  write,
  settle = () => add,
}: {
  ctx: AppContext;
  appId: string;
  add: Usage;
  limits: Usage;
  write: () => Promise<T>;
  settle?: (result: T) => Usage;
}): Promise<{ refused: Usage } | { result: T }> {
  if (add.documents > 0 || add.bytes > 0) {
    let judged = await admit({ ctx, appId, add, limits, read: false });
    if ('refused' in judged.verdict && !judged.read) judged = await admit({ ctx, appId, add, limits, read: true });
    if ('refused' in judged.verdict) return judged.verdict;
  } else addUnwritten({ ctx, appId, add });
  let result: T;
  try {
    result = await write();
  } catch (err) {
    addUnwritten({ ctx, appId, add: negative(add) });
    throw err;
  }
  const done = settle(result);
  addUnwritten({ ctx, appId, add: { documents: done.documents - add.documents, bytes: done.bytes - add.bytes } });
  storeLater({ ctx, appId, add: done });
  return { result };
}

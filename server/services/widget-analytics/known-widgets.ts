// Which widget ids exist, remembered for a minute per process: every batch names its widgets and
// reading whole widget documents for each would dominate the write path. A widget deleted meanwhile
// may still gain a minute of events; nothing else depends on them.
import type { AppContext } from '../../context';
import { widgets } from '../workspace/model';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
const seen = new Map<string, number>();

export async function knownWidgetIds({ ctx, ids }: { ctx: AppContext; ids: string[] }): Promise<Set<string>> {
  const now = ctx.now().getTime();
  const known = new Set(ids.filter((id) => (seen.get(id) ?? 0) > now));
  const unsure = ids.filter((id) => !known.has(id));
  if (unsure.length === 0) return known;
  const found = await widgets(ctx).find({ _id: { $in: unsure } });
  if (seen.size + found.length > MAX_ENTRIES) seen.clear();
  for (const widget of found) {
    seen.set(widget._id, now + TTL_MS);
    known.add(widget._id);
  }
  return known;
}

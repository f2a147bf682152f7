// Which widget ids exist, and a poll's answers, remembered for a minute per process: every batch
// names its widgets and reading whole widget documents for each would dominate the write path. A
// widget deleted meanwhile may still gain a minute of events, and a poll's edited answers are
// judged by the old ones for up to a minute (sites may show the old ones as long: the settings
// call is cached for 60 s). A widget's project's domains come with it, read with the widgets: a
// domain saved meanwhile fences the widget's events within a minute.
import type { AppContext } from '../../context';
import { projects, widgets } from '../workspace/model';
import { pollAnswersOf, publishedSettingsOf } from '../widget-embed/settings-schemas';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface KnownWidget {
  /** The answers a vote may name: a poll's current options; absent for every other type. */
  answers?: ReadonlySet<string>;
  /** The domains of the widget's project its events must come from; empty accepts any site. */
  domains: readonly string[];
}

const seen = new Map<string, KnownWidget & { until: number }>();

const answersOf = ({ type, settings }: { type: string; settings: unknown }): ReadonlySet<string> | undefined =>
  type === 'poll' ? new Set(pollAnswersOf(publishedSettingsOf({ type, settings }))) : undefined;

/** The widgets of `ids` that exist, by id. */
export async function knownWidgets({ ctx, ids }: { ctx: AppContext; ids: string[] }): Promise<Map<string, KnownWidget>> {
  const now = ctx.now().getTime();
  const known = new Map<string, KnownWidget>();
  const unsure: string[] = [];
  for (const id of ids) {
    const entry = seen.get(id);
    if (entry && entry.until > now) known.set(id, entry);
    else unsure.push(id);
  }
  if (unsure.length === 0) return known;
  const found = await widgets(ctx).find({ _id: { $in: unsure } });
  const projectIds = [...new Set(found.flatMap((widget) => (widget.projectId ? [widget.projectId] : [])))];
  const domainsOf = new Map(projectIds.length === 0 ? [] : (await projects(ctx).find({ _id: { $in: projectIds } })).map((project) => [project._id, project.domains]));
  if (seen.size + found.length > MAX_ENTRIES) seen.clear();
  for (const widget of found) {
    const entry = { answers: answersOf(widget), domains: (widget.projectId && domainsOf.get(widget.projectId)) || [], until: now + TTL_MS };
    seen.set(widget._id, entry);
    known.set(widget._id, entry);
  }
  return known;
}

// A poll's running results: one document per widget and answer with its votes of all time, raised
// with $inc by the fold from the log (the `value` of accepted vote events). Its _id is the key, as
// for the daily counters, so concurrent first writers meet on the primary key.
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';
import { raiseCount } from './counters';

export const WIDGET_POLL_VOTES = 'widgetPollVotes';

export interface PollVoteKey {
  widgetId: string;
  option: string;
}

export interface PollVoteDoc extends PollVoteKey {
  _id: string;
  count: number;
  [key: string]: unknown;
}

export const pollVotes = (ctx: AppContext): Collection<PollVoteDoc> => ctx.store.collection<PollVoteDoc>(WIDGET_POLL_VOTES);

export const pollVoteIndexes: IndexSpec[] = [{ collection: WIDGET_POLL_VOTES, fields: { widgetId: 1 } }];

/** A widget id holds no '|' (rules/widget-events.ts), so the answer after the first one is whole. */
export const pollVoteId = ({ widgetId, option }: PollVoteKey): string => `${widgetId}|${option}`;

export async function addPollVotes({ ctx, key, count }: { ctx: AppContext; key: PollVoteKey; count: number }): Promise<void> {
  await raiseCount({ collection: pollVotes(ctx), _id: pollVoteId(key), count, insert: { ...key } });
}

/** Every answer's votes of a widget, answers no longer offered included. */
export async function pollVoteCounts({ ctx, widgetId }: { ctx: AppContext; widgetId: string }): Promise<Map<string, number>> {
  const docs = await pollVotes(ctx).find({ widgetId });
  return new Map(docs.map((doc) => [doc.option, doc.count]));
}

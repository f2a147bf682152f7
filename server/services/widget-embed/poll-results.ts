// A poll's running results for the embed runtime: the votes of each current answer, read from the
// running counts the fold raises (widget-analytics/poll-votes.ts). Public like the settings call.
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { WORKSPACE_MESSAGES } from '../../../rules/workspace-roles';
import type { EmbedPollResults } from '../../../generated/client/types.gen';
import { widgets } from '../workspace/model';
import { pollVoteCounts } from '../widget-analytics/poll-votes';
import { pollAnswersOf, publishedSettingsOf } from './settings-schemas';

export const POLL_RESULTS_MESSAGES = {
  notAPoll: 'This widget is not a poll: it has no results',
  hidden: 'This poll does not show its results',
} as const;

export async function pollResults({ ctx, guid }: { ctx: AppContext; guid: string }): Promise<EmbedPollResults> {
  const widget = await widgets(ctx).findOne({ _id: guid });
  if (!widget) throw new NotFoundError(WORKSPACE_MESSAGES.widgetNotFound);
  if (widget.type !== 'poll') throw new NotFoundError(POLL_RESULTS_MESSAGES.notAPoll);
  const settings = publishedSettingsOf({ type: widget.type, settings: widget.settings });
  // The owner who turns results off keeps them from visitors, not just from the widget.
  if (settings.showResults === false) throw new NotFoundError(POLL_RESULTS_MESSAGES.hidden);
  const counts = await pollVoteCounts({ ctx, widgetId: guid });
  const options = pollAnswersOf(settings).map((option) => ({ option, votes: counts.get(option) ?? 0 }));
  return { guid, options, total: options.reduce((sum, { votes }) => sum + votes, 0) };
}

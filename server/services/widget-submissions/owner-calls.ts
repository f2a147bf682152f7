// The owner's calls on a form widget's submissions: newest first, paged, and one deleted. Editor
// rank on the widget (manageSubmissions): the values are visitors' personal data.
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { requireWidgetAction } from '../workspace/access';
import type { WidgetDoc } from '../workspace/model';
import { submissions, SUBMISSION_MESSAGES } from './model';
import type { SubmissionDoc } from './model';

export async function submissionsWidget({ ctx, userId, guid }: { ctx: AppContext; userId: string; guid: string }): Promise<WidgetDoc> {
  return (await requireWidgetAction({ ctx, userId, guid, action: 'manageSubmissions' })).widget;
}

export async function listSubmissions({ ctx, userId, guid, page, limit }: { ctx: AppContext; userId: string; guid: string; page: number; limit: number }): Promise<{ docs: SubmissionDoc[]; total: number; page: number; pages: number; limit: number }> {
  const widget = await submissionsWidget({ ctx, userId, guid });
  const filter = { widgetId: widget._id };
  const [docs, total] = await Promise.all([
    submissions(ctx).find(filter, { sort: { createdAt: -1 }, skip: (page - 1) * limit, limit }),
    submissions(ctx).count(filter),
  ]);
  return { docs, total, page, pages: Math.ceil(total / limit), limit };
}

export async function deleteSubmission({ ctx, userId, guid, submissionId }: { ctx: AppContext; userId: string; guid: string; submissionId: string }): Promise<void> {
  const widget = await submissionsWidget({ ctx, userId, guid });
  const deleted = await submissions(ctx).deleteOne({ _id: submissionId, widgetId: widget._id });
  if (!deleted) throw new NotFoundError(SUBMISSION_MESSAGES.notFound);
}

// Cancellation feedback (spec 003, /feedback). The cancellation mail (billing issue) carries a
// link with a single-use token naming the user and the cancelled subscription, so the page
// works without signing in and a link counts one answer.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { ValidationError } from '../../http/errors';
import type { Collection } from '../../storage/port';
import type { CancellationFeedbackBody } from '../../../generated/client/types.gen';
import { consumeTokenGrant, issueToken } from '../accounts/tokens';
import { sendMail } from '../mail/send-mail';
import { actionMail } from '../mail/templates';

export const FEEDBACK_LINK_INVALID = 'This feedback link is invalid or has expired.';
export const FEEDBACK_THANKS = 'Thank you for your feedback!';
const COMMENT_MIN = 4;

export interface FeedbackDoc {
  _id: string;
  userId: string;
  subscriptionId: string;
  reason: CancellationFeedbackBody['reason'];
  comment?: string;
  created: string;
  [key: string]: unknown;
}

export const feedback = (ctx: AppContext): Collection<FeedbackDoc> => ctx.store.collection<FeedbackDoc>('feedback');

/** The address for the cancellation mail: /feedback?token=... (a new link replaces the subscription's earlier one). */
export async function issueFeedbackLink({ ctx, userId, subscriptionId }: { ctx: AppContext; userId: string; subscriptionId: string }): Promise<string> {
  const token = await issueToken({ ctx, userId, purpose: 'feedback', subjectId: subscriptionId });
  return `${ctx.config.publicUrl}/feedback?token=${encodeURIComponent(token)}`;
}

/** The mail after a cancellation: a link to tell why. The billing issue sends it when a subscription ends. */
export async function sendFeedbackRequestMail({
  ctx,
  user,
  subscriptionId,
}: {
  ctx: AppContext;
  user: { _id: string; email: string };
  subscriptionId: string;
}): Promise<void> {
  const link = await issueFeedbackLink({ ctx, userId: user._id, subscriptionId });
  const mail = actionMail({
    ctx,
    subject: `Your ${ctx.config.brand} subscription was cancelled`,
    paragraphs: ['Your subscription has been cancelled.', 'Would you tell us why? It takes a few seconds and helps us make the product better.'],
    action: { label: 'Give feedback', link },
  });
  await sendMail({ ctx, to: user.email, ...mail });
}

export async function submitFeedback({ ctx, token, input }: { ctx: AppContext; token: string; input: CancellationFeedbackBody }): Promise<void> {
  const comment = input.comment?.trim();
  // The schema counts spaces; a comment must say something once trimmed.
  if (comment !== undefined && comment.length < COMMENT_MIN) {
    throw new ValidationError('Comment must be at least 4 characters', { comment: 'Comment must be at least 4 characters' });
  }
  const grant = await consumeTokenGrant({ ctx, token, purpose: 'feedback' });
  if (!grant?.subjectId) throw new ValidationError(FEEDBACK_LINK_INVALID);
  await feedback(ctx).insertOne({
    _id: randomUUID(),
    userId: grant.userId,
    subscriptionId: grant.subjectId,
    reason: input.reason,
    ...(comment === undefined ? {} : { comment }),
    created: ctx.now().toISOString(),
  });
}

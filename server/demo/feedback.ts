// Demo of the cancellation feedback page: the demo owner's mailbox (/dev/mail) holds the mail a
// cancelled subscription sends, with its single-use /feedback link. Sent once per store.
import type { AppContext } from '../context';
import { findUserByEmail } from '../services/accounts/users';
import { TOKENS } from '../services/accounts/tokens';
import { feedback, sendFeedbackRequestMail } from '../services/subscription/feedback';
import { DEMO_OWNER } from './accounts';

export const DEMO_CANCELLED_SUBSCRIPTION = 'demo-cancelled-subscription';

export async function seedFeedbackRequest(ctx: AppContext): Promise<string[]> {
  const owner = await findUserByEmail({ ctx, email: DEMO_OWNER.email });
  if (!owner) return [];
  const sent = await ctx.store.collection(TOKENS).count({ userId: owner._id, purpose: 'feedback' });
  const answered = await feedback(ctx).count({ userId: owner._id });
  if (sent === 0 && answered === 0) await sendFeedbackRequestMail({ ctx, user: owner, subscriptionId: DEMO_CANCELLED_SUBSCRIPTION });
  return [`Cancellation feedback: the site owner's mail at /dev/mail links to /feedback (works once)`];
}

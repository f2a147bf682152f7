// The mails of renewals and dunning: each says what happened and leads to the billing page.
import type { AppContext } from '../../../context';
import { findUserById } from '../../accounts/users';
import { sendMail } from '../../mail/send-mail';
import { actionMail, appUrl } from '../../mail/templates';
import type { SubscriptionDoc } from '../model';

export type RenewalMail =
  | { kind: 'renewed'; amount: number; periodEnd: string }
  | { kind: 'failed'; reason: string; nextAttemptAt: string; actionUrl?: string }
  | { kind: 'past_due'; reason: string; expiresAt: string }
  | { kind: 'expired' };

const day = (iso: string): string => iso.slice(0, 10);

function contentOf({ ctx, subscription, mail }: { ctx: AppContext; subscription: SubscriptionDoc; mail: RenewalMail }): { subject: string; paragraphs: string[]; action: { label: string; link: string } } {
  const plan = subscription.plan.name;
  const billing = { label: 'Open billing', link: appUrl({ ctx, path: '/user/dashboard/billing' }) };
  switch (mail.kind) {
    case 'renewed':
      return { subject: `Your ${plan} subscription was renewed`, paragraphs: [`We charged ${mail.amount.toFixed(2)} USD for your ${plan} plan, which now runs until ${day(mail.periodEnd)}.`, 'The invoice is on your billing page.'], action: billing };
    case 'failed':
      return mail.actionUrl
        ? { subject: `Please confirm the payment for your ${plan} subscription`, paragraphs: [`Your bank asks you to confirm the renewal payment of your ${plan} plan.`, `If it is not confirmed we will try again on ${day(mail.nextAttemptAt)}.`], action: { label: 'Confirm payment', link: appUrl({ ctx, path: mail.actionUrl }) } }
        : { subject: `The payment for your ${plan} subscription failed`, paragraphs: [`We could not renew your ${plan} plan: ${mail.reason}`, `We will try again on ${day(mail.nextAttemptAt)}.`], action: billing };
    case 'past_due':
      return { subject: `Your ${plan} subscription is past due`, paragraphs: [`The last attempt to renew your ${plan} plan failed: ${mail.reason}`, `Renew it from your billing page before ${day(mail.expiresAt)}, or it expires.`], action: billing };
    case 'expired':
      return { subject: `Your ${plan} subscription has expired`, paragraphs: [`Your ${plan} plan expired because its renewal could not be paid.`, 'You can renew it from your billing page at any time.'], action: billing };
  }
}

export async function sendRenewalMail({ ctx, subscription, mail }: { ctx: AppContext; subscription: SubscriptionDoc; mail: RenewalMail }): Promise<void> {
  const user = await findUserById({ ctx, id: subscription.userId });
  if (!user) return;
  await sendMail({ ctx, to: user.email, ...actionMail({ ctx, ...contentOf({ ctx, subscription, mail }) }) });
}

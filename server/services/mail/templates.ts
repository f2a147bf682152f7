// The mails the product sends, each as {subject, text, html} ready for sendMail.
// Every mail is one call-to-action link; the brand comes from the BRAND setting.
import type { AppContext } from '../../context';
import type { MailContent } from './send-mail';

type Ctx = { ctx: Pick<AppContext, 'config'> };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Absolute link into the product, e.g. appUrl({ ctx, path: `/confirm/${token}` }). */
export const appUrl = ({ ctx, path }: Ctx & { path: string }): string => `${ctx.config.publicUrl}${path}`;

/** The generic mail: a greeting line, paragraphs, and an optional button with its link. */
export function actionMail({
  ctx,
  subject,
  paragraphs,
  action,
}: Ctx & { subject: string; paragraphs: string[]; action?: { label: string; link: string } }): MailContent {
  const brand = ctx.config.brand;
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.link}`] : []),
    `— The ${brand} team`,
  ].join('\n\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:10px 18px;background:#4b4bf7;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
      `<p style="font-size:12px;color:#666">Or open this link: ${escapeHtml(action.link)}</p>`
    : '';
  const html =
    `<div style="font-family:Arial,sans-serif;font-size:14px;line-height:1.5;max-width:560px">` +
    `<h2>${escapeHtml(brand)}</h2>` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    button +
    `<p>— The ${escapeHtml(brand)} team</p></div>`;
  return { subject, text, html };
}

export const confirmationMail = ({ ctx, link }: Ctx & { link: string }): MailContent =>
  actionMail({
    ctx,
    subject: `Confirm your ${ctx.config.brand} email address`,
    paragraphs: [`Welcome to ${ctx.config.brand}!`, 'Please confirm your email address to finish setting up your account.'],
    action: { label: 'Confirm email', link },
  });

export const resetPasswordMail = ({ ctx, link }: Ctx & { link: string }): MailContent =>
  actionMail({
    ctx,
    subject: `Reset your ${ctx.config.brand} password`,
    paragraphs: [
      'We received a request to reset your password.',
      'If you did not ask for it, ignore this mail: your password stays the same.',
    ],
    action: { label: 'Reset password', link },
  });

/** Invitation to collaborate on a widget or a project. */
export const invitationMail = ({
  ctx,
  inviterName,
  targetName,
  kind,
  link,
}: Ctx & { inviterName: string; targetName: string; kind: 'widget' | 'project'; link: string }): MailContent =>
  actionMail({
    ctx,
    subject: `${inviterName} invited you to the ${kind} "${targetName}" on ${ctx.config.brand}`,
    paragraphs: [`${inviterName} invited you to collaborate on the ${kind} "${targetName}".`],
    action: { label: 'Accept invitation', link },
  });

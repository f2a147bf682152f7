// Reading the outbox for development: newest first, with the links each mail carries so a
// developer (or a test) can follow a confirmation or reset link without a real inbox.
// Mail holds reset and confirmation links, so a reader sees everything only from the server's
// own machine; anyone else sees only the mail sent to the account they are signed in to.
import type { AppContext } from '../../context';
import { NotFoundError, UnauthorizedError } from '../../http/errors';
import type { Filter } from '../../storage/port';
import { findUserById } from '../accounts/users';
import { OUTBOX } from './outbox';
import type { OutboxMail } from './outbox';

export const DEV_MAIL_SIGN_IN = 'Sign in to see the mail sent to you. The whole mailbox is shown only on the server itself.';

export interface DevMail {
  _id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created: string;
}

/** Who reads: everything (the server's own machine), or the signed-in user's address. */
export type MailboxReader = { everything: true } | { everything: false; email: string };

const LINK = /https?:\/\/[^\s<>"')]+/g;

const withLinks = (mail: OutboxMail): DevMail => ({
  _id: mail._id,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  links: [...new Set(mail.text.match(LINK) ?? [])],
  created: mail.created,
});

/** The mailbox exists only outside production; there it is not found. */
function outbox(ctx: AppContext) {
  if (ctx.config.production) throw new NotFoundError();
  return ctx.store.collection<OutboxMail>(OUTBOX);
}

/** 404 in production; 401 for a signed-out visitor from another machine. */
export async function mailboxReader({ ctx, local, userId }: { ctx: AppContext; local: boolean; userId?: string }): Promise<MailboxReader> {
  outbox(ctx);
  if (local) return { everything: true };
  const user = userId ? await findUserById({ ctx, id: userId }) : null;
  if (!user) throw new UnauthorizedError(DEV_MAIL_SIGN_IN);
  return { everything: false, email: user.email };
}

const visible = ({ reader, to }: { reader: MailboxReader; to?: string }): Filter => {
  if (reader.everything) return to ? { to } : {};
  return to ? { $and: [{ to: reader.email }, { to }] } : { to: reader.email };
};

export async function listDevMail({ ctx, reader, to, limit }: { ctx: AppContext; reader: MailboxReader; to?: string; limit: number }): Promise<DevMail[]> {
  const mails = await outbox(ctx).find(visible({ reader, to }), { sort: { created: -1 }, limit });
  return mails.map(withLinks);
}

export async function getDevMail({ ctx, reader, id }: { ctx: AppContext; reader: MailboxReader; id: string }): Promise<DevMail> {
  const mail = await outbox(ctx).findOne({ ...visible({ reader }), _id: id });
  if (!mail) throw new NotFoundError('Mail not found');
  return withLinks(mail);
}

export async function clearDevMail({ ctx, reader }: { ctx: AppContext; reader: MailboxReader }): Promise<number> {
  return outbox(ctx).deleteMany(visible({ reader }));
}

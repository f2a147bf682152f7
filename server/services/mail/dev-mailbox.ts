// Reading the outbox for development: newest first, with the links each mail carries so a
// developer (or a test) can follow a confirmation or reset link without a real inbox.
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { OUTBOX } from './outbox';
import type { OutboxMail } from './outbox';

export interface DevMail {
  _id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created: string;
}

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

export async function listDevMail({ ctx, to, limit }: { ctx: AppContext; to?: string; limit: number }): Promise<DevMail[]> {
  const filter = to ? { to } : {};
  const mails = await outbox(ctx).find(filter, { sort: { created: -1 }, limit });
  return mails.map(withLinks);
}

export async function getDevMail({ ctx, id }: { ctx: AppContext; id: string }): Promise<DevMail> {
  const mail = await outbox(ctx).findOne({ _id: id });
  if (!mail) throw new NotFoundError('Mail not found');
  return withLinks(mail);
}

export async function clearDevMail({ ctx }: { ctx: AppContext }): Promise<number> {
  return outbox(ctx).deleteMany({});
}

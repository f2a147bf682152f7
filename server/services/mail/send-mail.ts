// Sends one mail: over SMTP when SMTP_URL is set, else into the outbox collection so
// development and tests can read it (GET /api/dev/mail).
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { AppContext } from '../../context';
import { OUTBOX } from './outbox';
import type { OutboxMail } from './outbox';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export async function sendMail({ ctx, to, subject, text, html }: { ctx: AppContext; to: string } & MailContent): Promise<void> {
  const { smtpUrl, mailFrom } = ctx.config;
  if (!smtpUrl) {
    await ctx.store.collection<OutboxMail>(OUTBOX).insertOne({
      _id: randomUUID(),
      to,
      subject,
      text,
      html,
      created: ctx.now().toISOString(),
    });
    return;
  }
  // A transport per mail: mail is rare, and nothing is kept between requests.
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    await transport.sendMail({ from: mailFrom, to, subject, text, html });
  } finally {
    transport.close();
  }
}

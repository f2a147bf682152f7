// Sends one mail by recording it in the outbox: one insert, so a request never waits for
// (or fails with) the SMTP server, and its timing tells nothing. With SMTP_URL set the mail
// worker (mail-queue.ts) delivers it; without, it stays for the dev mailbox (GET /api/dev/mail).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { OUTBOX } from './outbox';
import type { OutboxMail } from './outbox';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export async function sendMail({ ctx, to, subject, text, html }: { ctx: AppContext; to: string } & MailContent): Promise<void> {
  const created = ctx.now().toISOString();
  const queued = ctx.config.smtpUrl ? { status: 'pending' as const, attempts: 0, nextAttemptAt: created } : {};
  await ctx.store.collection<OutboxMail>(OUTBOX).insertOne({ _id: randomUUID(), to, subject, text, html, created, ...queued });
}

// Delivers the outbox over SMTP. A pending mail is due when nextAttemptAt has passed;
// claiming it moves nextAttemptAt forward by the lease, so no other instance takes it while
// it is being sent, and a crashed instance's claim simply falls due again (a mail can then
// go out twice, never zero times). Once a mail leaves the queue its bodies are blanked: they
// carry single-use links, and the token store keeps only hashes so a leaked database is harmless.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Update } from '../../storage/port';
import { OUTBOX } from './outbox';
import { holdLease } from '../held-leases';
import type { OutboxMail } from './outbox';
import { log } from '../../observability/log';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Waits after the 1st, 2nd, ... failed attempt; after the last one the mail has failed. */
export const MAIL_RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR];
/** Longer than a whole batch can take with the SMTP timeouts below. */
export const MAIL_LEASE_MS = 5 * MINUTE;
const CLAIM_BATCH = 16;
const POLL_MS = 2 * SECOND;
const MAX_ERROR_LENGTH = 500;

const outbox = (ctx: AppContext) => ctx.store.collection<OutboxMail>(OUTBOX);

/** Claims up to CLAIM_BATCH due mails; the update re-checks each is still due, so a mail another instance claimed meanwhile is not ours. */
async function claimDue({ ctx }: { ctx: AppContext }): Promise<OutboxMail[]> {
  const now = ctx.now();
  const due = { status: 'pending', nextAttemptAt: { $lte: now.toISOString() } };
  const candidates = await outbox(ctx).find(due, { sort: { nextAttemptAt: 1 }, limit: CLAIM_BATCH });
  if (candidates.length === 0) return [];
  const leaseId = randomUUID();
  await outbox(ctx).updateMany(
    { ...due, _id: { $in: candidates.map((m) => m._id) } },
    { $set: { nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS).toISOString(), leaseId }, $inc: { attempts: 1 } },
  );
  return outbox(ctx).find({ leaseId });
}

/** What an attempt leaves behind: sent, failed for good after the last retry, or due again later. */
function outcome({ now, mail, error }: { now: Date; mail: OutboxMail; error?: unknown }): Update {
  const leftQueue = { $unset: { leaseId: true, nextAttemptAt: true } } as const;
  if (error === undefined) return { $set: { status: 'sent', sentAt: now.toISOString(), text: '', html: '' }, ...leftQueue };
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
  const delay = MAIL_RETRY_DELAYS_MS[(mail.attempts ?? 1) - 1];
  if (delay === undefined) return { $set: { status: 'failed', lastError, text: '', html: '' }, ...leftQueue };
  return { $set: { lastError, nextAttemptAt: new Date(now.getTime() + delay).toISOString() }, $unset: { leaseId: true } };
}

/** One tick: sends the mails due now (up to one batch) and answers how many it attempted. */
export async function deliverDueMail({ ctx }: { ctx: AppContext }): Promise<number> {
  const { smtpUrl, mailFrom } = ctx.config;
  if (!smtpUrl) return 0;
  const batch = await claimDue({ ctx });
  if (batch.length === 0) return 0;
  // Loaded when there is mail to send, not at start-up (docs/serving.md).
  const { default: nodemailer } = await import('nodemailer');
  // Bounded waits so a stuck server cannot outlast the lease; the URL's query can override them.
  // One claim id per batch, handed back by a stopping instance if the batch is not over in time.
  const { leaseId } = batch[0];
  const release = leaseId ? holdLease({ store: ctx.store, lease: { collection: OUTBOX, field: 'leaseId', leaseId } }) : () => undefined;
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10 * SECOND, greetingTimeout: 10 * SECOND, socketTimeout: 30 * SECOND });
  try {
    await Promise.all(
      batch.map(async (mail) => {
        const error = await transport.sendMail({ from: mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }).then(
          () => undefined,
          (err: unknown) => err ?? new Error('SMTP send failed'),
        );
        // Written only while this attempt still holds the lease.
        await outbox(ctx).updateOne({ _id: mail._id, leaseId: mail.leaseId }, outcome({ now: ctx.now(), mail, error }));
      }),
    );
  } finally {
    transport.close();
    release();
  }
  return batch.length;
}

/** Polls the outbox while SMTP is configured; a full batch is followed at once by the next. The stop settles once the batch being sent is over. */
export function startMailWorker(ctx: AppContext): () => Promise<void> {
  if (!ctx.config.smtpUrl) return () => Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = async (): Promise<void> => {
    const attempted = await deliverDueMail({ ctx }).catch((err: unknown) => {
      // A tick still running when the worker stops fails as the store closes: nothing to report.
      if (!stopped) log.error({ err }, 'Mail delivery tick failed');
      return 0;
    });
    if (!stopped) timer = setTimeout(() => (current = tick()), attempted === CLAIM_BATCH ? 0 : POLL_MS);
  };
  current = tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
    return current;
  };
}

// The outbox: every mail sent is one document here. With SMTP configured it is also the
// delivery queue (status pending until the mail worker sends it); without, mail stays here
// for the dev mailbox.
import type { IndexSpec } from '../../storage/port';

export const OUTBOX = 'outbox';

/** Only mail written while SMTP is configured carries a status; the rest is never sent. */
export type MailStatus = 'pending' | 'sent' | 'failed';

export interface OutboxMail {
  _id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created: string;
  status?: MailStatus;
  /** Delivery attempts started so far. */
  attempts?: number;
  /** When a pending mail is next due; a claim moves it forward by the lease. */
  nextAttemptAt?: string;
  /** Set while one worker holds the mail. */
  leaseId?: string;
  lastError?: string;
  sentAt?: string;
  [key: string]: unknown;
}

export const mailIndexes: IndexSpec[] = [
  { collection: OUTBOX, fields: { created: -1 } },
  { collection: OUTBOX, fields: { to: 1, created: -1 } },
  { collection: OUTBOX, fields: { status: 1, nextAttemptAt: 1 } },
  { collection: OUTBOX, fields: { leaseId: 1 } },
];

// The outbox: where mail goes when no SMTP server is configured, read by the dev mailbox.
import type { IndexSpec } from '../../storage/port';

export const OUTBOX = 'outbox';

export interface OutboxMail {
  _id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created: string;
  [key: string]: unknown;
}

export const mailIndexes: IndexSpec[] = [
  { collection: OUTBOX, fields: { created: -1 } },
  { collection: OUTBOX, fields: { to: 1, created: -1 } },
];

// Stored submissions of the form widgets (contact form, email capture): one document per
// submission, read newest first per widget (openapi/widget-submissions.yaml, WidgetSubmission).
import type { AppContext } from '../../context';
import type { Collection, IndexSpec } from '../../storage/port';

export const WIDGET_SUBMISSIONS = 'widgetSubmissions';

export type SubmissionValue = string | boolean;

export interface SubmissionDoc {
  _id: string;
  id: string;
  widgetId: string;
  values: Record<string, SubmissionValue>;
  consent?: boolean;
  page?: string;
  /** The sender's addressKey (http/client-address.ts): a hash, never the address. */
  ipHash: string;
  createdAt: string;
  [key: string]: unknown;
}

export const submissionIndexes: IndexSpec[] = [{ collection: WIDGET_SUBMISSIONS, fields: { widgetId: 1, createdAt: -1 } }];

export const submissions = (ctx: AppContext): Collection<SubmissionDoc> => ctx.store.collection<SubmissionDoc>(WIDGET_SUBMISSIONS);

export const SUBMISSION_MESSAGES = {
  notAForm: 'This widget is not a form: it takes no submissions',
  notFound: 'Submission not found',
  invalid: 'Please check the highlighted fields',
  unknownField: 'This form has no such field',
  required: 'Please fill in this field',
  email: 'Please enter a valid email address',
  choice: 'Please choose one of the options',
  checkbox: 'Must be ticked or not',
  consent: 'Please tick the consent box to continue',
  tooManyFromAddress: 'Too many messages from your address. Please try again later.',
  tooManyForWidget: 'This form has received too many messages today. Please try again tomorrow.',
  received: 'Thanks, your message was received',
  deleted: 'Submission deleted',
} as const;

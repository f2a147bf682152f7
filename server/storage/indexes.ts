// Every index the product needs, created at start-up by ensureIndexes. Each area
// exports its own list; add yours here.
import type { IndexSpec, Store } from './port';
import { resourceIndexes } from '../resources/indexes';
import { openApiDocument } from '../http/openapi-document';
import { sessionIndexes } from '../services/sessions/session-store';
import { webhookIndexes } from '../services/webhooks/model';
import { mailIndexes } from '../services/mail/outbox';
import { developerIndexes } from '../services/developer/indexes';
import { workspaceIndexes } from '../services/workspace/model';
import { eventCounterIndexes } from '../services/widget-analytics/counters';
import { eventLogIndexes } from '../services/widget-analytics/event-log';
import { eventWindowIndexes } from '../services/widget-analytics/event-limits';
import { pollVoteIndexes } from '../services/widget-analytics/poll-votes';
import { peopleIndexes } from '../services/widget-analytics/people';
import { accountIndexes } from '../services/accounts/indexes';
import { appUserIndexes } from '../services/app-users/indexes';
import { databaseIndexes } from '../services/database/indexes';
import { liveIndexes } from '../services/database/live/model';
import { importIndexes } from '../services/database/transfer/import-jobs';
import { paymentIndexes } from '../services/payments/model';
import { billingPaymentIndexes } from '../services/billing/payments/indexes';
import { billingPlanIndexes } from '../services/billing/plans/indexes';
import { billingSubscriptionIndexes } from '../services/billing/subscriptions/indexes';

export const allIndexes: IndexSpec[] = [...sessionIndexes, ...webhookIndexes, ...mailIndexes, ...developerIndexes, ...accountIndexes, ...paymentIndexes, ...appUserIndexes, ...databaseIndexes, ...liveIndexes, ...importIndexes, ...workspaceIndexes, ...eventCounterIndexes, ...eventLogIndexes, ...eventWindowIndexes, ...pollVoteIndexes, ...peopleIndexes, ...billingPaymentIndexes, ...billingPlanIndexes, ...billingSubscriptionIndexes];

/** `document`: the declared resources' indexes come from it (the bundled document unless a test edits one). */
export async function ensureIndexes(store: Store, document: object = openApiDocument()): Promise<void> {
  for (const spec of [...allIndexes, ...resourceIndexes(document)]) await store.ensureIndex(spec);
}

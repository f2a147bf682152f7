// What each service area hands the rooms below it, assembled at the composition root so that
// storage, http and observability import no service (docs/architecture.md, "Dependencies"):
// the indexes storage creates, the queues the metrics report and the lookups the embed and
// hosted pages make. An area that adds one of these adds it here.
import type { IndexSpec } from './storage/port';
import { openApiDocument } from './http/openapi-document';
import { resourceIndexes } from './resources/indexes';
import { sessionIndexes } from './services/sessions/session-store';
import { webhookIndexes } from './services/webhooks/model';
import { mailIndexes } from './services/mail/outbox';
import { developerIndexes } from './services/developer/indexes';
import { workspaceIndexes } from './services/workspace/model';
import { eventCounterIndexes } from './services/widget-analytics/counters';
import { eventLogIndexes } from './services/widget-analytics/event-log';
import { eventWindowIndexes } from './services/widget-analytics/event-limits';
import { pollVoteIndexes } from './services/widget-analytics/poll-votes';
import { peopleIndexes } from './services/widget-analytics/people';
import { accountIndexes } from './services/accounts/indexes';
import { appUserIndexes } from './services/app-users/indexes';
import { databaseIndexes } from './services/database/indexes';
import { importIndexes } from './services/database/transfer/import-jobs';
import { paymentIndexes } from './services/payments/model';
import { billingPaymentIndexes } from './services/billing/payments/indexes';
import { billingPlanIndexes } from './services/billing/plans/indexes';
import { billingSubscriptionIndexes } from './services/billing/subscriptions/indexes';

const areaIndexes: IndexSpec[] = [...sessionIndexes, ...webhookIndexes, ...mailIndexes, ...developerIndexes, ...accountIndexes, ...paymentIndexes, ...appUserIndexes, ...databaseIndexes, ...importIndexes, ...workspaceIndexes, ...eventCounterIndexes, ...eventLogIndexes, ...eventWindowIndexes, ...pollVoteIndexes, ...peopleIndexes, ...billingPaymentIndexes, ...billingPlanIndexes, ...billingSubscriptionIndexes];

/** Every index the product needs; the declared resources' come from `document` (the bundled one unless a test edits one). */
export const productIndexes = (document: object = openApiDocument()): IndexSpec[] => [...areaIndexes, ...resourceIndexes(document)];

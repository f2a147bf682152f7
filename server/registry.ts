// What each service area hands the rooms below it, assembled at the composition root so that
// storage, http and observability import no service (docs/architecture.md, "Dependencies"):
// the indexes storage creates, the queues the metrics report and the lookups the embed and
// hosted pages make. An area that adds one of these adds it here.
import type { IndexSpec } from './storage/port';
import type { QueueProbe } from './observability/queues';
import type { EmbedPageHooks } from './http/embed-pages';
import type { HostedPageHooks } from './http/hosted-pages';
import type { AppContext } from './context';
import { openApiDocument } from './http/openapi-document';
import { resourceIndexes } from './resources/indexes';
import { APP_USER_JOBS } from './services/app-users/jobs/model';
import { dueFilter } from './services/billing/renewals/claim';
import { cardAdapterName } from './services/billing/providers/registry';
import { pendingThreeDSecure } from './services/billing/providers/sandbox/sandbox';
import { frameAncestorsOf, siteDomainsOfWidget } from './services/widget-embed/site-domains';
import { embedWidget } from './services/widget-embed/embed-widget';
import { pollResults } from './services/widget-embed/poll-results';
import { sharedWidget } from './services/widget-embed/shared-widget';
import { pageHost } from './services/widget-analytics/page-host';
import { EMBED_CACHE_CONTROL, POLL_RESULTS_CACHE_CONTROL } from './handlers/workspace/widget-embed';
import { sessionIndexes } from './services/sessions/session-store';
import { WEBHOOK_DELIVERIES, webhookIndexes } from './services/webhooks/model';
import { mailIndexes, OUTBOX } from './services/mail/outbox';
import { developerIndexes } from './services/developer/indexes';
import { workspaceIndexes } from './services/workspace/model';
import { eventCounterIndexes } from './services/widget-analytics/counters';
import { eventLogIndexes } from './services/widget-analytics/event-log';
import { eventWindowIndexes } from './services/widget-analytics/event-limits';
import { pollVoteIndexes } from './services/widget-analytics/poll-votes';
import { peopleIndexes } from './services/widget-analytics/people';
import { submissionIndexes } from './services/widget-submissions/model';
import { submissionWindowIndexes } from './services/widget-submissions/limits';
import { accountIndexes } from './services/accounts/indexes';
import { appUserIndexes } from './services/app-users/indexes';
import { databaseIndexes } from './services/database/indexes';
import { liveIndexes } from './services/database/live/model';
import { DB_IMPORTS, importIndexes } from './services/database/transfer/import-jobs';
import { paymentIndexes } from './services/payments/model';
import { billingPaymentIndexes } from './services/billing/payments/indexes';
import { billingPlanIndexes } from './services/billing/plans/indexes';
import { billingSubscriptionIndexes } from './services/billing/subscriptions/indexes';
import { socialFeedIndexes } from './services/social-feed/feed-store';
import { embedSocialFeed } from './services/social-feed/public-feed';

const areaIndexes: IndexSpec[] = [...sessionIndexes, ...webhookIndexes, ...mailIndexes, ...developerIndexes, ...accountIndexes, ...paymentIndexes, ...appUserIndexes, ...databaseIndexes, ...liveIndexes, ...importIndexes, ...workspaceIndexes, ...eventCounterIndexes, ...eventLogIndexes, ...eventWindowIndexes, ...pollVoteIndexes, ...peopleIndexes, ...submissionIndexes, ...submissionWindowIndexes, ...billingPaymentIndexes, ...billingPlanIndexes, ...billingSubscriptionIndexes, ...socialFeedIndexes];

/** Every index the product needs; the declared resources' come from `document` (the bundled one unless a test edits one). */
export const productIndexes = (document: object = openApiDocument()): IndexSpec[] => [...areaIndexes, ...resourceIndexes(document)];

/** The background queues the metrics report (nindo_queue_depth, nindo_queue_oldest_age_seconds), by label. */
export const queueProbes: Readonly<Record<string, QueueProbe>> = {
  webhooks: { collection: WEBHOOK_DELIVERIES, waiting: () => ({ status: 'pending' }) },
  'app-user-jobs': { collection: APP_USER_JOBS, waiting: () => ({ status: 'pending' }) },
  mail: { collection: OUTBOX, waiting: () => ({ status: 'pending' }) },
  imports: { collection: DB_IMPORTS, waiting: () => ({ status: { $in: ['queued', 'running'] } }) },
  renewals: { collection: 'billing_subscriptions', waiting: (now) => dueFilter(now) },
};

/** The embed pages' question to the widget-embed area: where a widget's iframe may be framed. */
export const embedPageHooks = (ctx: AppContext): EmbedPageHooks => ({
  frameAncestors: async (guid) => frameAncestorsOf(await siteDomainsOfWidget({ ctx, guid })),
  widgetData: ({ guid, referer, serverHost }) => embedWidget({ ctx, guid, pageHost: pageHost({ origin: undefined, referer }), serverHost }),
  pollResults: (guid) => pollResults({ ctx, guid }),
  socialFeed: (guid) => embedSocialFeed({ ctx, guid }),
  widgetCacheControl: EMBED_CACHE_CONTROL,
  resultsCacheControl: POLL_RESULTS_CACHE_CONTROL,
  sharedWidget: (guid) => sharedWidget({ ctx, guid }),
  publicUrl: ctx.config.publicUrl,
});

/** The hosted checkout frames' questions to the billing area. */
export const hostedPageHooks = (ctx: AppContext): HostedPageHooks => ({
  sandboxCards: () => cardAdapterName(ctx) === 'sandbox',
  pendingThreeDSecure: (transactionId) => pendingThreeDSecure({ ctx, transactionId }),
});

// Documents of the webhooks area and the collections that hold them.
import type { Doc, IndexSpec, Store } from '../../storage/port';
import type { WebhookEventType, WebhookRequestStatus, WebhookStatus } from '../../../generated/client/types.gen';

export interface WebhookDoc extends Doc {
  appId: string;
  url: string;
  status: WebhookStatus;
  /** Sealed with secret-box. */
  secret: string;
  /** Sealed; signs too until previousSecretExpiresAt (rotation). */
  previousSecret?: string;
  previousSecretExpiresAt?: string;
  /** First failed attempt since the last success; drives the 5-day disable. */
  firstFailureAt?: string;
  created: string;
  updated: string;
}

export interface WebhookEventDoc extends Doc {
  appId: string;
  type: WebhookEventType;
  /** The exact JSON sent, kept as text so every attempt signs the same bytes. */
  body: string;
  created: string;
  /** Set once its deliveries are queued: a later emission of the same cause then does nothing. */
  queued?: boolean;
}

export interface DeliveryDoc extends Doc {
  appId: string;
  webhookId: string;
  eventId: string;
  type: WebhookEventType;
  /** Always pending: finished deliveries leave the queue. Kept for the queue's index. */
  status: 'pending';
  /** Attempts started so far. */
  attempts: number;
  /** Due time while pending; while an attempt runs it holds the lease expiry instead. */
  nextAttemptAt: string;
  /** Identifies the claim (one per claimed batch), so a late finisher cannot overwrite a newer claim. */
  leaseId?: string;
  /** Resends and test events get one attempt and go out even to an inactive webhook. */
  manual: boolean;
  created: string;
  updated: string;
}

export interface WebhookRequestDoc extends Doc {
  appId: string;
  webhookId: string;
  eventId: string;
  deliveryId: string;
  type: WebhookEventType;
  status: WebhookRequestStatus;
  created: string;
  attempt: number;
  durationMs: number;
  request: { url: string; headers: Record<string, string>; body: string };
  response: { statusCode: number | null; status: string; body: string };
}

export const WEBHOOKS = 'webhooks';
export const WEBHOOK_EVENTS = 'webhookEvents';
export const WEBHOOK_DELIVERIES = 'webhookDeliveries';
export const WEBHOOK_REQUESTS = 'webhookRequests';

export const collections = (store: Store) => ({
  webhooks: store.collection<WebhookDoc>(WEBHOOKS),
  events: store.collection<WebhookEventDoc>(WEBHOOK_EVENTS),
  deliveries: store.collection<DeliveryDoc>(WEBHOOK_DELIVERIES),
  requests: store.collection<WebhookRequestDoc>(WEBHOOK_REQUESTS),
});

export const webhookIndexes: IndexSpec[] = [
  { collection: WEBHOOKS, fields: { appId: 1, status: 1 } },
  { collection: WEBHOOK_DELIVERIES, fields: { status: 1, nextAttemptAt: 1 } },
  { collection: WEBHOOK_DELIVERIES, fields: { webhookId: 1 } },
  { collection: WEBHOOK_DELIVERIES, fields: { leaseId: 1 } },
  { collection: WEBHOOK_REQUESTS, fields: { webhookId: 1, created: -1 } },
  { collection: WEBHOOK_REQUESTS, fields: { webhookId: 1, status: 1, created: -1 } },
];

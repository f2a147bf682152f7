// Prometheus metrics (prom-client), off unless METRICS_TOKEN is set: requests by operationId and
// status with a latency histogram, the depth and oldest age of each background queue (read from
// the store at each scrape), widget events ingested and refused, and store operation latency.
// One registry per app, so two apps in one process (tests) never share counts.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RequestOutcome } from './request-log';

export interface QueueState {
  depth: number;
  /** Seconds the oldest waiting item has waited; 0 when none waits. */
  oldestSeconds: number;
}

export interface Metrics {
  registry: Registry;
  observeRequest: (outcome: RequestOutcome) => void;
  observeStore: (input: { operation: string; seconds: number }) => void;
  countEvents: (input: { ingested: number; refused: number }) => void;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics({ queues }: { queues: () => Promise<Record<string, QueueState>> }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'nindo_' });
  const requests = new Counter({ name: 'nindo_http_requests_total', help: 'Requests answered, by operationId and status', labelNames: ['operation', 'status'], registers: [registry] });
  const latency = new Histogram({ name: 'nindo_http_request_duration_seconds', help: 'Time to answer a request, by operationId', labelNames: ['operation'], buckets: LATENCY_BUCKETS, registers: [registry] });
  const store = new Histogram({ name: 'nindo_store_operation_duration_seconds', help: 'Time of a storage operation, by kind', labelNames: ['operation'], buckets: LATENCY_BUCKETS, registers: [registry] });
  const events = new Counter({ name: 'nindo_widget_events_total', help: 'Widget events, ingested or refused', labelNames: ['outcome'], registers: [registry] });
  let pending: Promise<Record<string, QueueState>> | undefined;
  // One store read per scrape serves both queue gauges.
  const queueStates = (): Promise<Record<string, QueueState>> => {
    pending ??= queues().finally(() => {
      pending = undefined;
    });
    return pending;
  };
  const queueGauge = ({ name, help, value }: { name: string; help: string; value: (state: QueueState) => number }): Gauge =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [],
      async collect() {
        for (const [queue, state] of Object.entries(await queueStates())) this.set({ queue }, value(state));
      },
    });
  registry.registerMetric(queueGauge({ name: 'nindo_queue_depth', help: 'Items waiting in a background queue', value: (state) => state.depth }));
  registry.registerMetric(queueGauge({ name: 'nindo_queue_oldest_age_seconds', help: 'How long the oldest due item of a queue has waited', value: (state) => state.oldestSeconds }));
  return {
    registry,
    observeRequest: ({ operationId, status, seconds }) => {
      requests.inc({ operation: operationId, status: String(status) });
      latency.observe({ operation: operationId }, seconds);
    },
    observeStore: ({ operation, seconds }) => store.observe({ operation }, seconds),
    countEvents: ({ ingested, refused }) => {
      if (ingested > 0) events.inc({ outcome: 'ingested' }, ingested);
      if (refused > 0) events.inc({ outcome: 'refused' }, refused);
    },
  };
}

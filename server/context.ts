// Everything a service needs, passed explicitly; the server holds no other state.
import type { Config } from './config';
import type { Store } from './storage/port';
import type { Metrics } from './observability/metrics';

export interface AppContext {
  config: Config;
  store: Store;
  /** Injected so tests can move time (token expiry, rate-limit windows, retries). */
  now: () => Date;
  /** Present when METRICS_TOKEN is set: what /metrics reports. */
  metrics?: Metrics;
}

// Everything a service needs, passed explicitly; the server holds no other state.
import type { Config } from './config';
import type { Store } from './storage/port';

export interface AppContext {
  config: Config;
  store: Store;
  /** Injected so tests can move time (token expiry, rate-limit windows, retries). */
  now: () => Date;
}

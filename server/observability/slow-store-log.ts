// The slow store call log (SLOW_STORE_MS, docs/operations.md): like MongoDB's slowms or
// PostgreSQL's log_min_duration_statement, seen from the server, so a slow answer can be told
// apart into its store calls (which collection, which operation, how long) on any engine.
import type { ObserveStore } from './instrument-store';

type Warn = (fields: { operation: string; collection: string; ms: number }, message: string) => void;

export const slowStoreLog =
  ({ thresholdMs, warn }: { thresholdMs: number; warn: Warn }): ObserveStore =>
  ({ operation, collection, seconds }) => {
    const ms = seconds * 1000;
    if (ms >= thresholdMs) warn({ operation, collection, ms: Math.round(ms) }, 'Slow store call');
  };

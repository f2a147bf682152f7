// The client of one app's database: its collections, batch, and live changes over one stream.
import { collectionOf, runBatch } from './collection.ts';
import type { BatchOperation, BatchResult, Collection, NindoDocument } from './collection.ts';
import { transportOf } from './http.ts';
import type { Auth } from './http.ts';
import { liveOf } from './live.ts';
import type { Handler, LiveResume, ReconnectOptions, Target } from './live.ts';

export interface ClientOptions {
  /** The Nindo server's address, e.g. https://nindo.example */
  url: string;
  appId: string;
  /** The app's secret (servers only) or an app user's token; a function is asked before every call. */
  auth: Auth;
  reconnect?: ReconnectOptions;
  /** Live errors no call returns: a refused subscription POST, a stream that could not open, a handler that threw. */
  onError?: (error: unknown) => void;
  /** A new session's stream resumes from a stored seq (sync/'s liveResume), catching up from the change log. */
  live?: LiveResume;
}

export interface Client {
  collection: <T extends NindoDocument = NindoDocument>(name: string) => Collection<T>;
  batch: (operations: BatchOperation[]) => Promise<BatchResult[]>;
  /** Resolves, once the server accepted it, with the function that ends it. */
  subscribe: (collection: string, target: Target, handler: Handler) => Promise<() => Promise<void>>;
  /** Ends the stream and every subscription. */
  close: () => void;
}

export function createClient({ url, appId, auth, reconnect, onError, live: resume }: ClientOptions): Client {
  const transport = transportOf({ url, appId, auth });
  const live = liveOf({ transport, reconnect, onError, resume });
  return {
    collection: <T extends NindoDocument = NindoDocument>(name: string) => collectionOf<T>({ transport, name }),
    batch: (operations) => runBatch({ transport, operations }),
    subscribe: live.subscribe,
    close: live.close,
  };
}

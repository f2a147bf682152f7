// The client of one app's database: its collections, batch, and live changes over one stream,
// typed by collection name when given the map `nindo-data types` writes (createClient<Collections>()).
import { collectionOf, runBatch } from './collection.ts';
import type { BatchOperation, BatchResult, Collection, CollectionMap, DocumentOf, InputOf, Loose, NameOf } from './collection.ts';
import { transportOf } from './http.ts';
import type { Auth } from './http.ts';
import { liveOf } from './live.ts';
import type { ChangeEvent, Handler, LeaveEvent, LiveResume, LiveStatus, ReconnectOptions, ResetEvent, Target } from './live.ts';

export interface ClientOptions {
  /** The Nindo server's address, e.g. https://nindo.example */
  url: string;
  appId: string;
  /** The app's secret (servers only) or an app user's token; a function is asked before every call. */
  auth: Auth;
  reconnect?: ReconnectOptions;
  /** Live errors no call returns: a refused subscription POST, a stream that could not open, a handler that threw. */
  onError?: (error: unknown) => void;
  /** Each change of where the live stream stands (LiveStatus): connecting, live, reconnecting, closed. */
  onStatus?: (status: LiveStatus) => void;
  /** A new session's stream resumes from a stored seq (sync/'s liveResume), catching up from the change log. */
  live?: LiveResume;
}

/** A live event whose document is its collection's type (a leave carries only `_id` and `_version`). */
export type TypedEvent<D> = (Omit<ChangeEvent, 'document'> & { document: D }) | LeaveEvent | ResetEvent;

export interface Client<C extends CollectionMap<C> = Loose> {
  collection: <N extends NameOf<C>>(name: N) => Collection<DocumentOf<C, N>, InputOf<C, N>>;
  batch: (operations: BatchOperation<C>[]) => Promise<BatchResult<C>[]>;
  /** Resolves, once the server accepted it, with the function that ends it. */
  subscribe: <N extends NameOf<C>>(collection: N, target: Target, handler: (event: TypedEvent<DocumentOf<C, N>>) => void) => Promise<() => Promise<void>>;
  /** Ends the stream and every subscription. */
  close: () => void;
}

/** The same client without its map, for code that serves any collection (sync/ keeps the server's JSON as it came). */
export const untyped = <C extends CollectionMap<C>>(client: Client<C>): Client => client as unknown as Client;

export function createClient<C extends CollectionMap<C> = Loose>({ url, appId, auth, reconnect, onError, onStatus, live: resume }: ClientOptions): Client<C> {
  const transport = transportOf({ url, appId, auth });
  const live = liveOf({ transport, reconnect, onError, onStatus, resume });
  return {
    collection: <N extends NameOf<C>>(name: N) => collectionOf<DocumentOf<C, N>, InputOf<C, N>>({ transport, name }),
    batch: (operations) => runBatch({ transport, operations }),
    // The server sends this collection's documents: its events are typed as its reads are.
    subscribe: (collection, target, handler) => live.subscribe(collection, target, handler as Handler),
    close: live.close,
  };
}

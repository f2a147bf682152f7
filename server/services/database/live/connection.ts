// One open stream on this instance: where it stands in the app's log, whose subscriptions it has,
// and the bound on what it may have waiting for its client.
import type { CollectionDoc } from '../model';
import { changeFrame, closeFrame } from './frames';
import type { ChangeEvent } from './frames';
import type { LiveGrant } from './grants';
import type { Matcher } from './matches';
import type { ChangeDoc, LiveCaller } from './model';
import { previousOf } from './prior';
import { visibleTo } from './visible-to';

/** Where a stream's bytes go: the HTTP response, as far as the hub needs it. */
export interface Sink {
  write: (chunk: string) => void;
  /** Bytes written and not yet taken by the client. */
  buffered: () => number;
  end: () => void;
}

export interface CompiledSubscription {
  collectionId: string;
  docId?: string;
  matches: Matcher;
}

export interface Connection {
  clientId: string;
  appId: string;
  sink: Sink;
  /** The last seq this stream has dealt with (sent or not for it). */
  cursor: number;
  caller?: LiveCaller;
  grant?: LiveGrant;
  subscriptions: CompiledSubscription[];
  /** Of the stored subscriptions this stream has. */
  version: number;
  /** waiting: no subscriptions yet (it stays at its start); catching-up: reading the log itself; live: fed by the app's tail. */
  state: 'waiting' | 'catching-up' | 'live' | 'closed';
  openedAt: number;
  /** Closes the stream while it has no subscription (hub.ts). */
  graceTimer?: NodeJS.Timeout;
  maxBufferBytes: number;
  /** Called once when the stream ends, whoever ends it. */
  onClosed: () => void;
}

export function closeConnection(connection: Connection, reason?: string): void {
  if (connection.state === 'closed') return;
  connection.state = 'closed';
  if (reason) connection.sink.write(closeFrame(reason));
  connection.sink.end();
  connection.onClosed();
}

/** Writes, and closes a stream whose client does not keep up: its buffer never grows past the bound. */
export function send(connection: Connection, chunk: string): void {
  if (connection.state === 'closed') return;
  connection.sink.write(chunk);
  if (connection.sink.buffered() > connection.maxBufferBytes) {
    closeConnection(connection, `Too slow: more than ${connection.maxBufferBytes} bytes of events were waiting for this client; reconnect with Last-Event-ID`);
  }
}

/** Each entry's frames, built once for all the streams that get the same event of it. */
const frames = new WeakMap<ChangeDoc, Map<ChangeEvent, string>>();

function frameOf({ entry, collection, event }: { entry: ChangeDoc; collection: CollectionDoc; event: ChangeEvent }): string {
  let built = frames.get(entry);
  if (!built) {
    built = new Map();
    frames.set(entry, built);
  }
  let text = built.get(event);
  if (text === undefined) {
    text = changeFrame({ entry, collection, event });
    built.set(event, text);
  }
  return text;
}

/**
 * Which event this stream's subscriptions and its caller's rules make of the change, if any. A
 * query subscription holds the documents that match it and its caller may list: an update that
 * brings a document in is `enter`, one that takes it out is `leave` (judged on the document before
 * it, from the entry's prior fields). A docId subscription of the document gets `updated` as before.
 */
function eventOf({ connection, entry, collection }: { connection: Connection; entry: ChangeDoc; collection: CollectionDoc }): ChangeEvent | undefined {
  const { caller } = connection;
  if (!caller) return undefined;
  const subscriptions = connection.subscriptions.filter((s) => s.collectionId === entry.collectionId);
  if (subscriptions.length === 0) return undefined;
  if (entry.type === 'reset') return visibleTo({ collection, caller, rule: 'list' }) ? 'reset' : undefined;
  if (entry.type === 'filler') return undefined;
  const doc = entry.doc ?? {};
  const byId = subscriptions.some((s) => s.docId !== undefined && s.docId === entry.docId) && visibleTo({ collection, caller, rule: 'view', doc });
  const queries = subscriptions.filter((s) => s.docId === undefined);
  const inQuery = (d: Record<string, unknown>): boolean => queries.some((s) => s.matches(d)) && visibleTo({ collection, caller, rule: 'list', doc: d });
  const now = byId || inQuery(doc);
  // Entries written before prior fields were kept, and docId subscriptions, go as they always did.
  if (entry.type !== 'updated' || !entry.prior || byId) return now ? entry.type : undefined;
  const was = inQuery(previousOf({ doc, prior: entry.prior }));
  if (now) return was ? 'updated' : 'enter';
  return was ? 'leave' : undefined;
}

/** Hands one change to a stream (or not), and moves it past it. `collection`: as it is now, undefined once deleted. */
export function deliver({ connection, entry, collection }: { connection: Connection; entry: ChangeDoc; collection: CollectionDoc | undefined }): void {
  if (connection.state === 'closed') return;
  const event = collection ? eventOf({ connection, entry, collection }) : undefined;
  if (collection && event) send(connection, frameOf({ entry, collection, event }));
  connection.cursor = Math.max(connection.cursor, entry.seq);
}

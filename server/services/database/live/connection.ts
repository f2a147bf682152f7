// One open stream on this instance: where it stands in the app's log, whose subscriptions it has,
// and the bound on what it may have waiting for its client.
import type { CollectionDoc } from '../model';
import { changeData, changeFrames, closeFrame } from './frames';
import type { ChangeEvent, SubscriptionName } from './frames';
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
  /** What its events call it (frames.ts, SubscriptionName). */
  name: SubscriptionName;
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

/** Each entry's data per event, built once for all the streams that get that event of it. */
const built = new WeakMap<ChangeDoc, Map<ChangeEvent, string>>();

function dataOf({ entry, collection, event }: { entry: ChangeDoc; collection: CollectionDoc; event: ChangeEvent }): string {
  let byEvent = built.get(entry);
  if (!byEvent) {
    byEvent = new Map();
    built.set(entry, byEvent);
  }
  let text = byEvent.get(event);
  if (text === undefined) {
    text = changeData({ entry, collection, event });
    byEvent.set(event, text);
  }
  return text;
}

type Routed = { event: ChangeEvent; names: SubscriptionName[] };

/** Adds a subscription to its event's names; a change makes at most five events, so a list is enough. */
function add(events: Routed[], event: ChangeEvent, name: SubscriptionName): void {
  const found = events.find((e) => e.event === event);
  if (found) found.names.push(name);
  else events.push({ event, names: [name] });
}

/**
 * Which event each of this stream's subscriptions makes of the change, if any, by the caller's
 * rules: a query subscription holds the documents that match it and its caller may list, so an
 * update that brings a document in is `enter` for it and one that takes it out is `leave` (judged
 * on the document before, from the entry's prior fields); a docId subscription of the document
 * gets the change as it is. Each rule is judged at most once per change and stream, whatever the
 * number of subscriptions (this runs for every stream of the app on every change).
 */
function eventsOf({ connection, entry, collection }: { connection: Connection; entry: ChangeDoc; collection: CollectionDoc }): Routed[] {
  const events: Routed[] = [];
  const { caller } = connection;
  if (!caller || entry.type === 'filler') return events;
  const doc = entry.doc ?? {};
  // Entries written before prior fields were kept go as they always did.
  const before = entry.type === 'updated' && entry.prior ? previousOf({ doc, prior: entry.prior }) : undefined;
  let listed: boolean | undefined;
  let listedBefore: boolean | undefined;
  let viewed: boolean | undefined;
  for (const s of connection.subscriptions) {
    if (s.collectionId !== entry.collectionId) continue;
    if (entry.type === 'reset') {
      listed ??= visibleTo({ collection, caller, rule: 'list' });
      if (listed) add(events, 'reset', s.name);
    } else if (s.docId !== undefined) {
      if (s.docId === entry.docId && (viewed ??= visibleTo({ collection, caller, rule: 'view', doc }))) add(events, entry.type, s.name);
    } else {
      const now = s.matches(doc) && (listed ??= visibleTo({ collection, caller, rule: 'list', doc }));
      const was = before !== undefined && s.matches(before) && (listedBefore ??= visibleTo({ collection, caller, rule: 'list', doc: before }));
      const event = before === undefined ? (now ? entry.type : undefined) : now ? (was ? 'updated' : 'enter') : was ? 'leave' : undefined;
      if (event) add(events, event, s.name);
    }
  }
  return events;
}

/** Hands one change to a stream (or not), and moves it past it. `collection`: as it is now, undefined once deleted. */
export function deliver({ connection, entry, collection }: { connection: Connection; entry: ChangeDoc; collection: CollectionDoc | undefined }): void {
  if (connection.state === 'closed') return;
  if (collection) {
    const named = eventsOf({ connection, entry, collection }).map(({ event, names }) => ({ event, data: dataOf({ entry, collection, event }), names }));
    if (named.length > 0) send(connection, changeFrames({ seq: entry.seq, events: named }));
  }
  connection.cursor = Math.max(connection.cursor, entry.seq);
}

// One open stream on this instance: where it stands in the app's log, whose subscriptions it has,
// and the bound on what it may have waiting for its client.
import type { CollectionDoc } from '../model';
import { changeFrame, closeFrame } from './frames';
import type { LiveGrant } from './grants';
import type { Matcher } from './matches';
import type { ChangeDoc, LiveCaller } from './model';
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

const frames = new WeakMap<ChangeDoc, string>();

function frameOf(entry: ChangeDoc, collection: CollectionDoc): string {
  let text = frames.get(entry);
  if (text === undefined) {
    text = changeFrame({ entry, collection });
    frames.set(entry, text);
  }
  return text;
}

/** Whether this stream's subscriptions and its caller's rules let the change reach it. */
function wanted({ connection, entry, collection }: { connection: Connection; entry: ChangeDoc; collection: CollectionDoc }): boolean {
  const { caller } = connection;
  if (!caller) return false;
  const subscriptions = connection.subscriptions.filter((s) => s.collectionId === entry.collectionId);
  if (entry.type === 'reset') return subscriptions.length > 0 && visibleTo({ collection, caller, rule: 'list' });
  const doc = entry.doc ?? {};
  const byId = subscriptions.some((s) => s.docId !== undefined && s.docId === entry.docId);
  const byQuery = subscriptions.some((s) => s.docId === undefined && s.matches(doc));
  return (byId && visibleTo({ collection, caller, rule: 'view', doc })) || (byQuery && visibleTo({ collection, caller, rule: 'list', doc }));
}

/** Hands one change to a stream (or not), and moves it past it. `collection`: as it is now, undefined once deleted. */
export function deliver({ connection, entry, collection }: { connection: Connection; entry: ChangeDoc; collection: CollectionDoc | undefined }): void {
  if (connection.state === 'closed') return;
  if (collection && wanted({ connection, entry, collection })) send(connection, frameOf(entry, collection));
  connection.cursor = Math.max(connection.cursor, entry.seq);
}

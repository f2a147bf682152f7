// Server-Sent Events as this API writes them (docs/public-data-api.md, "Live changes"): every
// event carries the app's seq as its id, which a browser sends back as Last-Event-ID.
import { viewDocument } from '../view';
import { versionOf } from '../versions';
import type { CollectionDoc, DbDocument } from '../model';
import type { ChangeDoc } from './model';

/** How long a browser waits before reconnecting (the SSE `retry` field). */
export const RETRY_MS = 2000;

export const frame = ({ id, event, data }: { id?: number; event: string; data: unknown }): string =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const HEARTBEAT = ': heartbeat\n\n';

/** The stream's first lines: the reconnect delay, and the client id that subscriptions name. */
export const connectFrame = ({ clientId, seq }: { clientId: string; seq: number }): string => `retry: ${RETRY_MS}\n${frame({ id: seq, event: 'connect', data: { clientId } })}`;

export const closeFrame = (reason: string): string => frame({ event: 'close', data: { reason } });

export const resetFrame = ({ seq, reason, collection }: { seq: number; reason: string; collection?: string }): string =>
  frame({ id: seq, event: 'reset', data: { reason, ...(collection ? { collection } : {}) } });

/** The event a subscriber gets for a change (connection.ts decides which): enter and leave only come of an `updated` entry. */
export type ChangeEvent = 'created' | 'updated' | 'deleted' | 'enter' | 'leave' | 'reset';

/** A subscription as its events name it: the id its client gave it, else its index in the set as POSTed. */
export type SubscriptionName = string | number;

/**
 * One change's data as every stream gets it, as JSON without its closing brace (each stream adds
 * the subscriptions it goes to): the document as the public API answers it; a `leave` names the
 * document only (`{_id, _version}`), as the subscriber may no longer be allowed to read it.
 */
export function changeData({ entry, collection, event }: { entry: ChangeDoc; collection: CollectionDoc; event: ChangeEvent }): string {
  if (event === 'reset') return JSON.stringify({ reason: 'Many documents of the collection changed at once (an import): read it again', collection: collection.name }).slice(0, -1);
  const doc = entry.doc as DbDocument;
  const document = event === 'leave' ? { _id: doc._id, _version: versionOf(doc) } : viewDocument({ doc, collection, view: 'public' });
  return JSON.stringify({ collection: collection.name, document }).slice(0, -1);
}

export interface NamedEvent {
  event: ChangeEvent;
  /** changeData's. */
  data: string;
  names: SubscriptionName[];
}

/**
 * A stream's frames of one change, one per event it makes of it (a document may enter one query
 * and leave another), each naming the subscriptions it goes to. Only the last carries the seq: a
 * client that resumes after it had them all, and one cut before it gets them all again.
 */
export const changeFrames = ({ seq, events }: { seq: number; events: NamedEvent[] }): string =>
  events.map(({ event, data, names }, i) => `${i === events.length - 1 ? `id: ${seq}\n` : ''}event: ${event}\ndata: ${data},"subscriptions":${JSON.stringify(names)}}\n\n`).join('');

// The SDK bench's subscribers, one client per subscriber as on a real page (each its own stream):
// the Nindo SDK's createClient(...).subscribe on the collection, or PocketBase's JS SDK on its
// realtime (`pb.collection(name).subscribe('*')`, EventSource from the `eventsource` package, as
// Node has none). Each keeps the titles its handler got, so the bench counts latency by title
// and, per subscriber, events lost and repeated.
import { EventSource } from 'eventsource';
import PocketBase from 'pocketbase';
import { createClient } from '../../sdk/src/index.ts';
import type { ReconnectOptions } from '../../sdk/src/index.ts';
import type { LiveApp } from '../../test/scale-out/live-app';

// PocketBase's realtime opens `new EventSource(...)` from the global scope.
Object.assign(globalThis, { EventSource });

export interface NindoTarget {
  url: string;
  appId: string;
  appSecret: string;
  collection: string;
}

/** The seeded app's collection at `url`, its secret read back from the app's Basic authorization. */
export function nindoTarget({ url, app }: { url: string; app: LiveApp }): NindoTarget {
  const [appId, appSecret] = Buffer.from(app.authorization.replace(/^Basic /, ''), 'base64').toString('utf8').split(':');
  return { url, appId, appSecret, collection: app.collection };
}

/** A create through the SDK, as an app's server writes. */
export function nindoWriter(target: NindoTarget): (title: string) => Promise<unknown> {
  const notes = createClient({ url: target.url, appId: target.appId, auth: { appSecret: target.appSecret } }).collection(target.collection);
  return (title) => notes.create({ title });
}

export interface Subscriber {
  /** Titles of the created documents the handler got, in order. */
  titles: string[];
  close: () => Promise<void>;
}

export type OnTitle = (title: string) => void;

/** Subscribers opened at once: many more and the servers' accept queue and the subscription POSTs time out on 2 shared cores. */
const BATCH = 100;

async function inBatches({ count, open }: { count: number; open: () => Promise<Subscriber> }): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = [];
  for (let start = 0; start < count; start += BATCH) {
    subscribers.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, count - start) }, open))));
  }
  return subscribers;
}

async function openNindo({ target, onTitle, reconnect, onError }: { target: NindoTarget; onTitle?: OnTitle; reconnect?: ReconnectOptions; onError?: (error: unknown) => void }): Promise<Subscriber> {
  const client = createClient({ url: target.url, appId: target.appId, auth: { appSecret: target.appSecret }, reconnect, onError });
  const titles: string[] = [];
  await client.subscribe(target.collection, { query: {} }, (event) => {
    if (event.type !== 'created') return;
    const title = String(event.document.title);
    titles.push(title);
    onTitle?.(title);
  });
  return {
    titles,
    close: async () => client.close(),
  };
}

/** `count` Nindo SDK clients, each subscribed to the whole collection; resolves once the server accepted all. */
export const openNindoSubscribers = ({ target, count, onTitle, reconnect, onError }: { target: NindoTarget; count: number; onTitle?: OnTitle; reconnect?: ReconnectOptions; onError?: (error: unknown) => void }): Promise<Subscriber[]> =>
  inBatches({ count, open: () => openNindo({ target, onTitle, reconnect, onError }) });

async function openPocketBase({ url, collection, onTitle }: { url: string; collection: string; onTitle?: OnTitle }): Promise<Subscriber> {
  const pb = new PocketBase(url);
  const titles: string[] = [];
  await pb.collection(collection).subscribe<{ title: string }>('*', (event) => {
    if (event.action !== 'create') return;
    titles.push(event.record.title);
    onTitle?.(event.record.title);
  });
  // With no subscription left its EventSource is closed.
  return { titles, close: () => pb.realtime.unsubscribe().catch(() => undefined) };
}

/** A create through PocketBase's JS SDK; its auto-cancellation (of a request like one still pending) is off, as writes overlap. */
export function pocketBaseWriter({ url, collection }: { url: string; collection: string }): (title: string) => Promise<unknown> {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  return (title) => pb.collection(collection).create({ title });
}

/** `count` PocketBase JS SDK clients, each subscribed to every record of the collection. */
export const openPocketBaseSubscribers = ({ url, collection, count, onTitle }: { url: string; collection: string; count: number; onTitle?: OnTitle }): Promise<Subscriber[]> =>
  inBatches({ count, open: () => openPocketBase({ url, collection, onTitle }) });

/** Closes them a batch at a time (PocketBase's close POSTs its now empty set first). */
export async function closeAll(subscribers: Subscriber[]): Promise<void> {
  for (let start = 0; start < subscribers.length; start += BATCH) await Promise.all(subscribers.slice(start, start + BATCH).map((s) => s.close()));
}

/** Per subscriber, the titles written that it never got and those it got more than once. */
export function lostAndRepeated({ subscribers, written }: { subscribers: Subscriber[]; written: Iterable<string> }): { lost: number; repeated: number } {
  const titles = [...written];
  let lost = 0;
  let repeated = 0;
  for (const { titles: got } of subscribers) {
    const unique = new Set(got);
    repeated += got.length - unique.size;
    lost += titles.filter((title) => !unique.has(title)).length;
  }
  return { lost, repeated };
}

/**
 * Calls `create` with titles w0, w1, ... at `perSecond` for `seconds`, noting in `sent` when each
 * was sent (before its event can arrive, so a handler can read it); `onHalf` runs once halfway.
 */
export async function writeSteadily({ create, perSecond, seconds, onHalf, sent = new Map() }: { create: (title: string) => Promise<unknown>; perSecond: number; seconds: number; onHalf?: () => Promise<void>; sent?: Map<string, number> }): Promise<Map<string, number>> {
  const total = Math.round(perSecond * seconds);
  const started = performance.now();
  const writes: Promise<unknown>[] = [];
  for (let n = 0; n < total; n += 1) {
    if (n === Math.floor(total / 2)) await onHalf?.();
    const wait = started + (n * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const title = `w${n}`;
    sent.set(title, performance.now());
    writes.push(create(title));
  }
  await Promise.all(writes);
  return sent;
}

/** Waits until every subscriber holds `count` titles, or `timeoutMs` passed. */
export async function until({ subscribers, count, timeoutMs }: { subscribers: Subscriber[]; count: number; timeoutMs: number }): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline && subscribers.some((s) => new Set(s.titles).size < count)) await new Promise((resolve) => setTimeout(resolve, 100));
}

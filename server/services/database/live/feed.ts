// One app's tail on this instance, shared by all its streams here: it reads the log after the
// last seq it handed on (on a local write at once, else every pollMs), in order past missing
// numbers (tail.ts), and hands each change to the streams that are live. A stream behind the
// tail (resuming with Last-Event-ID, or subscribed a while after connecting) reads the log itself,
// a page at a time and only while its client keeps up, until it reaches the tail, holding at a
// missing number as the tail does: a feed opened at the newest stored seq may not have seen the
// numbers below it stored yet (one insert's entries land one by one), and a catch-up that passed
// them would leave its client a hole.
import type { AppContext } from '../../../context';
import type { CollectionDoc } from '../model';
import type { ChangeDoc } from './model';
import { dbCollections } from '../model';
import { oldestSeq, readChanges } from './change-log';
import { deliver } from './connection';
import type { Connection } from './connection';
import { headSeq } from './sequence';
import { rememberGivenUp, takeInOrder } from './tail';
import type { SeqRange, TailPosition } from './tail';

const TAIL_PAGE = 500;
const CATCH_UP_PAGE = 200;
/** A catch-up read that fails is tried again after this (times the failures so far), up to MAX_READ_FAILURES in a row. */
const READ_RETRY_MS = 500;
const MAX_READ_FAILURES = 5;
/** The collections' rules and fields are read again at most this often, so a rule change applies within it. */
const COLLECTIONS_FRESH_MS = 1000;

export interface Feed {
  ctx: AppContext;
  appId: string;
  position: TailPosition;
  /** Numbers this feed's readers gave up on (tail.ts), so a later catch-up passes them at once. */
  givenUp: SeqRange[];
  connections: Set<Connection>;
  polling: boolean;
  again: boolean;
  collections: Map<string, CollectionDoc>;
  collectionsAt: number;
  /** The collections' read under way, shared by every caller meanwhile. */
  collectionsRead?: Promise<Map<string, CollectionDoc>>;
  /** Catch-up reads under way by range: the streams resuming from one event (all of a killed instance's) share each page. */
  pages: Map<string, Promise<ChangeDoc[]>>;
  /** Reads of the log's newest and oldest seq under way, shared by the streams resuming meanwhile. */
  ends: Map<'head' | 'oldest', Promise<number | undefined>>;
}

export async function openFeed({ ctx, appId }: { ctx: AppContext; appId: string }): Promise<Feed> {
  const head = await headSeq({ ctx, appId });
  return { ctx, appId, position: { head }, givenUp: [], connections: new Set(), polling: false, again: false, collections: new Map(), collectionsAt: 0, pages: new Map(), ends: new Map() };
}

export function freshCollections(feed: Feed): Promise<Map<string, CollectionDoc>> {
  if (performance.now() - feed.collectionsAt < COLLECTIONS_FRESH_MS) return Promise.resolve(feed.collections);
  feed.collectionsRead ??= dbCollections(feed.ctx)
    .find({ appId: feed.appId })
    .then((found) => {
      feed.collections = new Map(found.map((collection) => [collection._id, collection]));
      feed.collectionsAt = performance.now();
      return feed.collections;
    })
    .finally(() => {
      feed.collectionsRead = undefined;
    });
  return feed.collectionsRead;
}

/**
 * A read under way, shared by every caller asking for the same key until it answers: a killed
 * instance's streams all resume here at once, and a read each on a slow store (FerretDB sorts an
 * app's whole log for its ends) held their connects past the subscribe grace, over and over.
 */
function sharedRead<K, V>({ reads, key, read }: { reads: Map<K, Promise<V>>; key: K; read: () => Promise<V> }): Promise<V> {
  let pending = reads.get(key);
  if (!pending) {
    pending = read().finally(() => reads.delete(key));
    reads.set(key, pending);
  }
  return pending;
}

/** A page of the log for a catch-up, read once for all the streams asking for the same range at the same time. */
const sharedPage = ({ feed, after, upTo }: { feed: Feed; after: number; upTo: number }): Promise<ChangeDoc[]> =>
  sharedRead({ reads: feed.pages, key: `${after} ${upTo}`, read: () => readChanges({ ctx: feed.ctx, appId: feed.appId, after, upTo, limit: CATCH_UP_PAGE }) });

/** The newest seq stored for the feed's app (0 when none), read once for the streams asking meanwhile. */
export const sharedHeadSeq = (feed: Feed): Promise<number> =>
  sharedRead({ reads: feed.ends, key: 'head', read: () => headSeq({ ctx: feed.ctx, appId: feed.appId }) }).then((seq) => seq ?? 0);

/** The oldest seq the feed's app's log still holds, read once for the streams asking meanwhile. */
export const sharedOldestSeq = (feed: Feed): Promise<number | undefined> => sharedRead({ reads: feed.ends, key: 'oldest', read: () => oldestSeq({ ctx: feed.ctx, appId: feed.appId }) });

/** Reads what the log holds after the tail and hands it on; a call while one runs makes it read again. */
export async function pollFeed(feed: Feed): Promise<void> {
  if (feed.polling) {
    feed.again = true;
    return;
  }
  feed.polling = true;
  try {
    do {
      feed.again = false;
      const entries = await readChanges({ ctx: feed.ctx, appId: feed.appId, after: feed.position.head, limit: TAIL_PAGE });
      const { ready, position, gaveUp } = takeInOrder({ entries, position: feed.position, now: performance.now(), holdMs: feed.ctx.config.live.gapHoldMs, givenUp: feed.givenUp });
      rememberGivenUp({ givenUp: feed.givenUp, ranges: gaveUp });
      const collections = ready.length > 0 ? await freshCollections(feed) : feed.collections;
      const live = [...feed.connections].filter((connection) => connection.state === 'live');
      for (const entry of ready) for (const connection of live) deliver({ connection, entry, collection: collections.get(entry.collectionId) });
      feed.position = position;
      for (const connection of live) if (connection.state === 'live') connection.cursor = position.head;
      if (entries.length === TAIL_PAGE && ready.length > 0) feed.again = true;
    } while (feed.again);
  } finally {
    feed.polling = false;
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits while the client has more than half the bound waiting: a slow reader slows its own catch-up, not the server. */
async function keptUp(connection: Connection): Promise<void> {
  while (connection.state === 'catching-up' && connection.sink.buffered() > connection.maxBufferBytes / 2) await pause(50);
}

/** Reads the log for one stream from its cursor until it reaches the tail, then marks it live. */
export async function catchUp({ feed, connection }: { feed: Feed; connection: Connection }): Promise<void> {
  connection.state = 'catching-up';
  let gap: TailPosition['gap'];
  let failures = 0;
  while (connection.state === 'catching-up') {
    const upTo = feed.position.head;
    if (connection.cursor === upTo) {
      connection.state = 'live';
      return;
    }
    if (connection.cursor > upTo) {
      // Resumed past where this instance's tail is (another instance's tail was ahead): wait for it.
      await pause(feed.ctx.config.live.pollMs);
      continue;
    }
    await keptUp(connection);
    let entries: ChangeDoc[];
    try {
      entries = await sharedPage({ feed, after: connection.cursor, upTo });
      failures = 0;
    } catch (err) {
      // A slow or failing store: try again a little later rather than end the stream, whose reconnection would cost it more.
      failures += 1;
      if (failures >= MAX_READ_FAILURES) throw err;
      await pause(READ_RETRY_MS * failures);
      continue;
    }
    const taken = takeInOrder({ entries, position: { head: connection.cursor, gap }, now: performance.now(), holdMs: feed.ctx.config.live.gapHoldMs, givenUp: feed.givenUp });
    rememberGivenUp({ givenUp: feed.givenUp, ranges: taken.gaveUp });
    const collections = await freshCollections(feed);
    for (const entry of taken.ready) deliver({ connection, entry, collection: collections.get(entry.collectionId) });
    gap = taken.position.gap;
    if (gap) await pause(feed.ctx.config.live.pollMs);
    // The tail's head is an entry it read, so a short page holds every number up to it that will ever be stored.
    else if (entries.length < CATCH_UP_PAGE && connection.state === 'catching-up') connection.cursor = upTo;
  }
}

// Offline-first sync over a client (docs/sdk.md, "Offline-first sync"): followed queries kept in a
// local copy by live events, reads that answer from the copy when the network fails, writes that
// apply at once and wait in a persisted queue, sent in order when the connection returns, their
// conflicts resolved (onConflict, or the documented three-way merge) and always reported.
import { untyped } from '../client.ts';
import type { Client } from '../client.ts';
import { NindoError } from '../errors.ts';
import type { Body, CollectionMap, DocumentOf, InputOf, ListOptions, Loose, NameOf, NindoDocument, Page, Query } from '../collection.ts';
import type { LiveEvent, LiveResume } from '../live.ts';
import { applyEvent, collectionOfKey, putNewer, queryKey, refetch, viewOf } from './follow.ts';
import { matches, sorted } from './match.ts';
import { isOffline, retrier } from './offline.ts';
import type { RetryOptions } from './offline.ts';
import { pendingOf } from './overlay.ts';
import { dropUnheld, noteRead } from './prune.ts';
import { replayQueue } from './replay.ts';
import type { ConflictHandler } from './replay.ts';
import type { Conflict, LocalStore, QueuedWrite } from './store.ts';
import { MAX_CONFLICTS, MAX_QUEUED_WRITES, MAX_STORED_QUERIES } from './store.ts';
import { tabsOf } from './tabs.ts';

export interface SyncOptions<C extends CollectionMap<C> = Loose> {
  client: Client<C>;
  store: LocalStore;
  onConflict?: ConflictHandler;
  /** Told of every conflict as it is reported (it stays in conflicts() until dismissed). */
  onConflictReported?: (conflict: Conflict) => void;
  /** Errors no call returns: a followed query that could not be listed, an onChange that threw. */
  onError?: (error: unknown) => void;
  retry?: RetryOptions;
}

export interface SyncCollection<T extends { _id: string } = NindoDocument, I extends object = Body> {
  list: (options?: Omit<ListOptions, 'cursor' | 'expand'>) => Promise<Page<T>>;
  get: (id: string) => Promise<T>;
  /** Applied to the copy at once and queued; `_id` may be given (the server takes it), else one is chosen here. */
  create: (body: I & { _id?: string }) => Promise<T>;
  update: (id: string, changes: Partial<I>) => Promise<T>;
  delete: (id: string) => Promise<void>;
}

export interface Sync<C extends CollectionMap<C> = Loose> {
  collection: <N extends NameOf<C>>(name: N) => SyncCollection<DocumentOf<C, N>, InputOf<C, N>>;
  /** Keeps `query` in the copy and calls onChange with its documents (local edits applied) on each change. */
  follow: <N extends NameOf<C>>(collection: N, query: Query, onChange: (docs: Array<DocumentOf<C, N>>) => void) => Promise<() => Promise<void>>;
  conflicts: () => Promise<Conflict[]>;
  dismiss: (id: string) => Promise<void>;
  /** Sends the waiting writes now (they are also sent after each write and on reconnect); resolves when the queue is empty or the network failed. */
  flush: () => Promise<void>;
  pending: () => Promise<QueuedWrite[]>;
  close: () => void;
}

interface Follower {
  collection: string;
  query: Query;
  key: string;
  onChange: (docs: NindoDocument[]) => void;
  /** Its copy is listed (or caught up by the resumed stream) and kept by its events since. */
  current: boolean;
}

const SEQ = 'seq';
const CONFLICTS = 'conflicts';
const CARRIED = 'carried';

/** Stores a client resumes from, and whether its stream's resume point was read yet (the stream connects after it). */
const resumedStores = new WeakMap<LocalStore, { started: boolean }>();

/** For createClient({ live }): a new session's stream resumes from the seq this store kept. */
export function liveResume(store: LocalStore): LiveResume {
  const session = { started: false };
  resumedStores.set(store, session);
  return {
    resumeFrom: async () => {
      const seq = await store.getMeta<number>(SEQ);
      session.started = true;
      return seq;
    },
  };
}

/** The followed queries whose copy was kept by the stream up to `seq`: the only ones a resumed stream catches up. */
interface Carried {
  seq: number | undefined;
  keys: string[];
}

/** An id the server takes (^[A-Za-z0-9_-]{1,64}$): 128 random bits, base64url. */
function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const notHeld = (collection: string, id: string): Error => new Error(`${collection} ${id} is not in the local copy, and the server cannot be reached to read it`);

/** Typed by the client's map: the copy holds what the server answered for each collection. */
export function createSync<C extends CollectionMap<C> = Loose>(options: SyncOptions<C>): Sync<C> {
  return syncOf({ ...options, client: untyped(options.client) }) as unknown as Sync<C>;
}

function syncOf({ client, store, onConflict, onConflictReported, onError = () => undefined, retry = {} }: SyncOptions): Sync {
  const followers = new Set<Follower>();
  let applying: Promise<void> = Promise.resolve();
  let closed = false;
  /** What the previous session left, read before this one writes; and the last seq this session applied. */
  const carried = store.getMeta<Carried>(CARRIED).then((found) => found ?? { seq: undefined, keys: [] });
  const startSeq = store.getMeta<number>(SEQ);
  let seqApplied = startSeq;

  /** Events and lists change the copy one at a time, in the order they came. */
  const serially = (work: () => Promise<void>): Promise<void> => {
    applying = applying.then(work).catch(onError);
    return applying;
  };

  const emit = async (collection: string): Promise<void> => {
    for (const follower of [...followers].filter((f) => f.collection === collection)) {
      try {
        follower.onChange(await viewOf({ store, ...follower }));
      } catch (error) {
        onError(error);
      }
    }
  };

  const tabs = tabsOf({ shared: store.shared, onChanged: (collection) => void emit(collection) });
  const changed = (collection: string): Promise<void> => {
    tabs.announce(collection);
    return emit(collection);
  };

  const report = async (conflict: Omit<Conflict, 'at'>): Promise<void> => {
    const entry: Conflict = { ...conflict, at: new Date().toISOString() };
    const kept = (await store.getMeta<Conflict[]>(CONFLICTS)) ?? [];
    await store.setMeta(CONFLICTS, [...kept, entry].slice(-MAX_CONFLICTS));
    onConflictReported?.(entry);
  };

  const flush = (): Promise<void> =>
    tabs.exclusive(async () => {
      if (closed) return;
      const outcome = await replayQueue({ client, store, onConflict, report, changed });
      if (outcome === 'offline') retries.later();
      else retries.reset();
    });
  const retries = retrier({ ...retry, run: () => void flush().catch(onError) });

  const enqueue = async (write: Omit<QueuedWrite, 'key'>): Promise<void> => {
    if ((await store.queue()).length >= MAX_QUEUED_WRITES) throw new Error(`The offline queue holds at most ${MAX_QUEUED_WRITES} writes; wait until the connection returns and they are sent`);
    await store.enqueue(write);
    await changed(write.collection);
    void flush().catch(onError);
  };

  /** A record as the app sees it: the copy's, with the waiting writes applied. */
  const viewed = async (collection: string, id: string): Promise<NindoDocument | undefined> => {
    const held = await store.getRecord(collection, id);
    const pending = pendingOf({ collection, writes: await store.queue(), records: new Map(held ? [[id, held]] : []) });
    return pending.has(id) ? pending.get(id) : held;
  };

  /** The record an edit starts from: the copy's, or the server's when the copy lacks it. */
  const baseOf = async (collection: string, id: string): Promise<NindoDocument> => {
    const local = await viewed(collection, id);
    if (local) return local;
    try {
      const doc = await client.collection(collection).get(id);
      await putNewer({ store, collection, docs: [doc] });
      return doc;
    } catch (error) {
      throw isOffline(error) ? notHeld(collection, id) : error;
    }
  };

  const localList = async (collection: string, options: Omit<ListOptions, 'cursor' | 'expand'>, error: unknown): Promise<Page<NindoDocument>> => {
    const held = new Map((await store.records(collection)).map((doc) => [doc._id, doc]));
    const pending = pendingOf({ collection, writes: await store.queue(), records: held });
    const docs = [...new Set([...held.keys(), ...pending.keys()])].map((id) => (pending.has(id) ? pending.get(id) : held.get(id)));
    const judged = docs.filter((doc): doc is NindoDocument => doc !== undefined).map((doc) => ({ doc, match: matches(doc, options.query) }));
    // A filter the copy cannot judge is not answered with a guess.
    if (judged.some((j) => j.match === undefined)) throw error;
    const all = sorted(judged.filter((j) => j.match).map((j) => j.doc), options.sort);
    const limit = options.limit ?? 10;
    const page = options.page ?? 1;
    return { items: all.slice((page - 1) * limit, page * limit), page, pages: Math.max(1, Math.ceil(all.length / limit)), total: all.length, nextCursor: null };
  };

  const collection = (name: string): SyncCollection => ({
    list: async (options = {}) => {
      try {
        const page = await client.collection(name).list(options);
        await putNewer({ store, collection: name, docs: page.items });
        await serially(() => noteRead({ store, collection: name, ids: page.items.map((doc) => doc._id) }));
        return page;
      } catch (error) {
        if (!isOffline(error)) throw error;
        return localList(name, options, error);
      }
    },
    get: async (id) => {
      try {
        const doc = await client.collection(name).get(id);
        await putNewer({ store, collection: name, docs: [doc] });
        await serially(() => noteRead({ store, collection: name, ids: [id] }));
        return doc;
      } catch (error) {
        if (error instanceof NindoError && error.status === 404) await serially(() => noteRead({ store, collection: name, ids: [], gone: [id] }));
        if (!isOffline(error)) throw error;
        const held = await viewed(name, id);
        if (!held) throw error;
        return held;
      }
    },
    create: async (body) => {
      const id = typeof body._id === 'string' ? body._id : newId();
      const { _id: _ignored, ...fields } = body;
      const now = new Date().toISOString();
      const doc: NindoDocument = { ...fields, _id: id, _version: 0, _created: now, _updated: now };
      await enqueue({ collection: name, action: 'create', id, body: fields, ifMatch: 0, base: doc });
      return doc;
    },
    update: async (id, changes) => {
      const base = await baseOf(name, id);
      await enqueue({ collection: name, action: 'update', id, body: changes, ifMatch: base._version ?? 1, base });
      return (await viewed(name, id)) ?? base;
    },
    delete: async (id) => {
      const base = await baseOf(name, id);
      await enqueue({ collection: name, action: 'delete', id, ifMatch: base._version ?? 1, base });
    },
  });

  /** Which followed queries the stored seq covers: written with each seq, and when one starts or stops being kept. */
  const saveCarried = async (): Promise<void> => {
    const keys = [...new Set([...followers].filter((f) => f.current).map((f) => f.key))];
    await store.setMeta(CARRIED, { seq: await seqApplied, keys } satisfies Carried);
  };

  /** Whether the resumed stream replays what `key` missed: it was kept up to the stored seq and is in the stream's first subscriptions. */
  const resumable = async (key: string, inFirstConnect: boolean): Promise<boolean> => {
    if (!inFirstConnect) return false;
    const [before, seq] = await Promise.all([carried, startSeq]);
    return seq !== undefined && before.seq === seq && before.keys.includes(key);
  };

  /** Past MAX_STORED_QUERIES, the stored queries no one follows now leave the copy (those of earlier sessions). */
  const forgetPastBound = async (): Promise<void> => {
    const keys = await store.queryKeys();
    if (keys.length <= MAX_STORED_QUERIES) return;
    const followed = new Set([...followers].map((f) => f.key));
    for (const key of keys.filter((one) => !followed.has(one))) {
      const ids = (await store.queryIds(key)) ?? [];
      await store.removeQuery(key);
      await dropUnheld({ store, collection: collectionOfKey(key), ids });
    }
  };

  const follow: Sync['follow'] = async (name, query, onChange) => {
    const follower: Follower = { collection: name, query, key: queryKey(name, query), onChange, current: false };
    followers.add(follower);
    const list = (): Promise<void> => refetch({ client, store, collection: name, query });
    const handler = (event: LiveEvent): void =>
      void serially(async () => {
        if (!followers.has(follower)) return;
        // A reset: the log no longer holds what was missed, so the query is read again.
        if (!(await applyEvent({ store, key: follower.key, event }))) await list();
        await store.setMeta(SEQ, event.seq);
        seqApplied = Promise.resolve(event.seq);
        await saveCarried();
        await changed(name);
      });
    // Only a subscription made before the resumed stream read its seq is in its first POST, which alone the server replays
    // for: so it is made before anything here waits. Subscribed first, listed after: nothing written in between is missed.
    // Offline, this waits for the network in the background.
    const session = resumedStores.get(store);
    const inFirstConnect = session !== undefined && !session.started;
    const subscribed = client.subscribe(name, { query }, handler);
    subscribed.catch(() => undefined); // handled below, once the copy was read
    const stored = await store.queryIds(follower.key);
    if (stored) await emit(name);
    void subscribed
      .then(() =>
        serially(async () => {
          if (!followers.has(follower)) return;
          if (!(stored !== undefined && (await resumable(follower.key, inFirstConnect)))) {
            await list();
            await changed(name);
          }
          follower.current = true;
          await saveCarried();
          await forgetPastBound();
        }),
      )
      .catch(onError);
    return async () => {
      followers.delete(follower);
      follower.current = false;
      await serially(async () => {
        await saveCarried();
        if ([...followers].some((f) => f.key === follower.key)) return;
        // Unfollowed: its query leaves the copy, and its records unless something else holds them.
        const ids = (await store.queryIds(follower.key)) ?? [];
        await store.removeQuery(follower.key);
        await dropUnheld({ store, collection: name, ids });
      });
      await (await subscribed.catch(() => async () => undefined))();
    };
  };

  return {
    collection,
    follow,
    conflicts: async () => (await store.getMeta<Conflict[]>(CONFLICTS)) ?? [],
    dismiss: async (id) => {
      const kept = (await store.getMeta<Conflict[]>(CONFLICTS)) ?? [];
      await store.setMeta(CONFLICTS, kept.filter((conflict) => conflict.id !== id));
    },
    flush,
    pending: () => store.queue(),
    close: () => {
      closed = true;
      followers.clear();
      retries.stop();
      tabs.close();
    },
  };
}

// Live changes: every subscription of a client shares ONE stream (GET .../live). The whole set is
// POSTed when it changes and again on each `connect` (each connection is a new client), each
// subscription with an id, and each event names the ids it is for, so it reaches those handlers
// only; a dropped stream reconnects with backoff and Last-Event-ID, so the server replays what the
// gap held.
import { errorOf, NindoError } from './errors.ts';
import { call } from './http.ts';
import type { Transport } from './http.ts';
import type { NindoDocument, Query } from './collection.ts';
import { readSse } from './sse.ts';
import type { SseEvent } from './sse.ts';

/** `enter`: an update brought the document into a query subscription's query (and the caller's list rule). */
export type ChangeEvent = { type: 'created' | 'updated' | 'deleted' | 'enter'; collection: string; document: NindoDocument; seq: number };
/** An update took the document out of a query subscription's query: only its id and version, as the caller may no longer read it. */
export type LeaveEvent = { type: 'leave'; collection: string; document: { _id: string; _version: number }; seq: number };
/** The log no longer holds what this client missed (or an import changed many documents): read again. */
export type ResetEvent = { type: 'reset'; reason: string; collection?: string; seq: number };
export type LiveEvent = ChangeEvent | LeaveEvent | ResetEvent;

export type Target = { query: Query } | { docId: string };
export type Handler = (event: LiveEvent) => void;

export interface ReconnectOptions {
  /** The first wait after a drop; it doubles on each failed attempt up to maxMs. */
  minMs?: number;
  maxMs?: number;
}

/** Where a new session's stream starts: the last seq a caller kept (sync/ stores it), so the server replays what came since. */
export interface LiveResume {
  resumeFrom?: () => number | undefined | Promise<number | undefined>;
}

/**
 * Where a client's stream stands, for a page's "live" badge: `connecting` (its first stream),
 * `live` (the server took its subscriptions on the stream open now), `reconnecting` (the stream
 * dropped; what it misses meanwhile comes on the next), `closed` (no subscription left, or close()).
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface Live {
  subscribe: (collection: string, target: Target, handler: Handler) => Promise<() => Promise<void>>;
  close: () => void;
}

interface Entry {
  collection: string;
  target: Target;
  handler: Handler;
}

interface Waiter {
  ok: () => void;
  fail: (error: unknown) => void;
}

const MAX_SUBSCRIPTIONS = 20;
/** A change is at most one event per name (created, updated, deleted, enter, leave) for a stream. */
const MAX_EVENTS_OF_A_CHANGE = 5;

const WITH_DOCUMENT = new Set(['created', 'updated', 'deleted', 'enter']);
const isChange = (event: string): event is ChangeEvent['type'] => WITH_DOCUMENT.has(event);

const seqOf = (id: string | undefined): number | undefined => {
  const seq = Number(id);
  return id !== undefined && Number.isInteger(seq) ? seq : undefined;
};

/** A refusal that retrying cannot cure (a wrong app, a query refused); 429 and 5xx are retried. */
const isFinal = (error: unknown): boolean => error instanceof NindoError && error.status >= 400 && error.status < 500 && error.status !== 429;

export function liveOf({
  transport,
  reconnect = {},
  onError = () => undefined,
  onStatus = () => undefined,
  resume = {},
}: {
  transport: Transport;
  reconnect?: ReconnectOptions;
  onError?: (error: unknown) => void;
  onStatus?: (status: LiveStatus) => void;
  resume?: LiveResume;
}): Live {
  const minMs = reconnect.minMs ?? 250;
  const maxMs = reconnect.maxMs ?? 10_000;
  /** By the id the server's events name them with. */
  const entries = new Map<string, Entry>();
  let nextKey = 1;
  let connects = 0;
  let lastSeq: number | undefined;
  let clientId: string | undefined;
  let controller: AbortController | undefined;
  let running = false;
  let closed = false;
  let cancelWait: (() => void) | undefined;
  let waiters: Waiter[] = [];
  let posting: Promise<void> = Promise.resolve();
  /** The events of a change before its last, which alone carries the seq: they are handed on with it, or not at all. */
  let heldBack: SseEvent[] = [];
  let status: LiveStatus | undefined;
  const report = (next: LiveStatus): void => {
    if (next === status) return;
    status = next;
    try {
      onStatus(next);
    } catch (error) {
      onError(error);
    }
  };

  const subscriptions = (): object[] =>
    [...entries].map(([id, e]) => ({ id, collection: e.collection, ...('docId' in e.target ? { docId: e.target.docId } : { query: e.target.query }) }));

  const failWaiters = (error: unknown): void => {
    const failed = waiters;
    waiters = [];
    failed.forEach((w) => w.fail(error));
  };

  /** POSTs the whole set as it is now; POSTs run one after another, so the last set sent is the newest. */
  const post = (): void => {
    const id = clientId;
    if (!id) return;
    const batch = waiters;
    waiters = [];
    posting = posting.then(async () => {
      if (clientId !== id) {
        waiters.push(...batch); // the stream reconnected: its connect POSTs for these
        return;
      }
      try {
        await call({ transport, method: 'POST', path: '/live', body: { clientId: id, subscriptions: subscriptions() } });
        batch.forEach((w) => w.ok());
        if (clientId === id && !closed) report('live');
      } catch (error) {
        // 404: the stream ended under us; the next connect sends the set again.
        if (error instanceof NindoError && error.status === 404) waiters.push(...batch);
        else {
          batch.forEach((w) => w.fail(error));
          onError(error);
        }
      }
    });
  };

  /** To the subscriptions the event names; one naming none (a reset of the whole stream) is for every one of its collection, or all. */
  const dispatch = (event: LiveEvent, names: unknown): void => {
    const targets = Array.isArray(names)
      ? names.flatMap((name) => entries.get(String(name)) ?? [])
      : [...entries.values()].filter((entry) => event.collection === undefined || entry.collection === event.collection);
    for (const entry of targets) {
      try {
        entry.handler(event);
      } catch (error) {
        onError(error);
      }
    }
  };

  const handOn = (raw: SseEvent, seq: number): void => {
    const data = JSON.parse(raw.data) as { collection?: string; document?: NindoDocument; reason?: string; subscriptions?: unknown };
    const names = data.subscriptions;
    if (raw.event === 'reset') dispatch({ type: 'reset', reason: data.reason ?? '', ...(data.collection ? { collection: data.collection } : {}), seq }, names);
    else if (!data.collection || !data.document) return;
    else if (raw.event === 'leave') dispatch({ type: 'leave', collection: data.collection, document: { _id: data.document._id, _version: data.document._version ?? 0 }, seq }, names);
    else if (isChange(raw.event)) dispatch({ type: raw.event, collection: data.collection, document: data.document, seq }, names);
  };

  const onEvent = (raw: SseEvent): void => {
    const seq = seqOf(raw.id);
    if (raw.event === 'connect') {
      clientId = String((JSON.parse(raw.data) as { clientId?: unknown }).clientId ?? '');
      connects += 1;
      heldBack = []; // a change cut short on the stream before comes again whole
      if (seq !== undefined) lastSeq = seq;
      post();
      return;
    }
    if (!isChange(raw.event) && raw.event !== 'leave' && raw.event !== 'reset') return;
    if (seq === undefined) {
      if (heldBack.length < MAX_EVENTS_OF_A_CHANGE) heldBack.push(raw);
      return;
    }
    const change = [...heldBack, raw];
    heldBack = [];
    // Never twice: a replay after a reconnect starts past the last id this client took.
    if (lastSeq !== undefined && seq <= lastSeq && raw.event !== 'reset') return;
    lastSeq = seq;
    for (const one of change) handOn(one, seq);
  };

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      cancelWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const connectOnce = async (signal: AbortSignal): Promise<void> => {
    const response = await fetch(`${transport.base}/live`, { headers: { Accept: 'text/event-stream', ...(lastSeq === undefined ? {} : { 'Last-Event-ID': String(lastSeq) }) }, signal });
    if (!response.ok || !response.body) throw errorOf({ status: response.status, body: await response.json().catch(() => null) });
    await readSse({ body: response.body, onEvent, signal });
  };

  const run = async (): Promise<void> => {
    running = true;
    report('connecting');
    if (lastSeq === undefined && resume.resumeFrom) lastSeq = await Promise.resolve(resume.resumeFrom()).catch(() => undefined);
    let attempt = 0;
    while (!closed && entries.size > 0) {
      controller = new AbortController();
      const connectsBefore = connects;
      try {
        await connectOnce(controller.signal);
      } catch (error) {
        if (!controller.signal.aborted) {
          if (isFinal(error)) failWaiters(error);
          onError(error);
        }
      }
      clientId = undefined;
      if (closed || entries.size === 0) break;
      report('reconnecting');
      // A stream that got as far as its connect starts the backoff over.
      if (connects !== connectsBefore) attempt = 0;
      await wait(Math.min(maxMs, minMs * 2 ** attempt));
      attempt = Math.min(attempt + 1, 30);
    }
    running = false;
    report('closed');
  };

  const stop = (): void => {
    controller?.abort();
    cancelWait?.();
  };

  return {
    subscribe: async (collection, target, handler) => {
      if (closed) throw new Error('This client is closed');
      if (entries.size >= MAX_SUBSCRIPTIONS) throw new Error(`A client holds at most ${MAX_SUBSCRIPTIONS} subscriptions`);
      const key = String(nextKey++);
      entries.set(key, { collection, target, handler });
      const accepted = new Promise<void>((ok, fail) => waiters.push({ ok, fail }));
      if (!running) void run();
      else post();
      const unsubscribe = async (): Promise<void> => {
        if (!entries.delete(key)) return;
        if (entries.size === 0) stop();
        else {
          const done = new Promise<void>((ok, fail) => waiters.push({ ok, fail }));
          post();
          await done;
        }
      };
      try {
        await accepted;
      } catch (error) {
        await unsubscribe().catch(() => undefined);
        throw error;
      }
      return unsubscribe;
    },
    close: () => {
      closed = true;
      entries.clear();
      failWaiters(new Error('This client is closed'));
      stop();
    },
  };
}

// The setup of the sync tests: the app on a real port, "offline" being that port closed and every
// socket cut, then listening again; clients and syncs closed after each test; waits and server calls.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { closeHub } from '../../server/services/database/live/hub';
import { basic, documentsPath } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';
import { LIMITS } from '../database-live/live-app';
import { createClient, createSync, liveResume, memoryStore } from '../../sdk/src/index.ts';
import type { Client, Conflict, ConflictHandler, LocalStore, NindoDocument, Sync } from '../../sdk/src/index.ts';
import { onPort } from './on-port';

/** Registers the hooks; call once at the top of a test file. */
export function syncHarness() {
  const opened: Array<{ close: () => void }> = [];
  // Before the app's own hooks, so the streams end before its store closes.
  afterEach(async () => {
    opened.splice(0).forEach((one) => one.close());
    closeHub({ store: t.ctx.store, reason: 'test over' });
    await net.close();
  });
  const t = withTestApp({ config: { live: LIMITS } });
  const net = onPort(() => t.app);
  const { requests } = net;
  /** What sync could not hand back to a call: shown when a wait fails. */
  const errors: unknown[] = [];
  /** The network goes away: the port stops accepting and every open connection is cut. */
  const goOffline = net.dropEverything;
  const comeBack = (): Promise<void> => net.listenOn();

  beforeEach(async () => {
    requests.length = 0;
    errors.length = 0;
    await net.listenOn(0);
  });

  function clientOf(data: DataApp, store?: LocalStore): Client {
    const client = createClient({ url: `http://127.0.0.1:${net.port()}`, appId: data.appId, auth: { appSecret: data.appSecret }, reconnect: { minMs: 20, maxMs: 200 }, ...(store ? { live: liveResume(store) } : {}) });
    opened.push(client);
    return client;
  }

  function syncOf({ data, store = memoryStore(), onConflict, onConflictReported, resume = true }: { data: DataApp; store?: LocalStore; resume?: boolean; onConflict?: ConflictHandler; onConflictReported?: (conflict: Conflict) => void }): { sync: Sync; store: LocalStore; client: Client } {
    const client = clientOf(data, resume ? store : undefined);
    const sync = createSync({ client, store, onConflict, onConflictReported, retry: { minMs: 20, maxMs: 200 }, onError: (error) => errors.push(error) });
    opened.push(sync);
    return { sync, store, client };
  }

  /** Resolves once `check` holds, looked at every 10 ms, or fails after `timeoutMs`. */
  async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`the condition did not hold within ${timeoutMs} ms; sync's errors: ${errors.map(String).join('; ')}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The latest documents a follow handed onChange. */
  function view(): { onChange: (docs: NindoDocument[]) => void; docs: () => NindoDocument[]; titles: () => string[] } {
    let latest: NindoDocument[] = [];
    return { onChange: (docs) => (latest = docs), docs: () => latest, titles: () => latest.map((doc) => String(doc.title)).sort() };
  }

  const asApp = (data: DataApp, test: request.Test): request.Test => test.set('Authorization', basic(data.appId, data.appSecret));
  const serverCreate = async (data: DataApp, body: object): Promise<NindoDocument> => (await asApp(data, request(t.app).post(documentsPath(data.appId))).send(body).expect(201)).body.data;
  const serverUpdate = (data: DataApp, id: string, body: object) => asApp(data, request(t.app).put(`${documentsPath(data.appId)}/${id}`)).send(body).expect(200);
  const serverDelete = (data: DataApp, id: string) => asApp(data, request(t.app).delete(`${documentsPath(data.appId)}/${id}`)).expect(200);
  const serverList = async (data: DataApp): Promise<NindoDocument[]> => (await asApp(data, request(t.app).get(documentsPath(data.appId))).query({ limit: 100 }).expect(200)).body.data.items;

  return { t, requests, errors, goOffline, comeBack, clientOf, syncOf, until, view, asApp, serverCreate, serverUpdate, serverDelete, serverList };
}

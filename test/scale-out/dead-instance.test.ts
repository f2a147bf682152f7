// A crashed instance must not stall the others (issue 18 item 4). Two server processes on one
// database answer public data API creates, lists, updates and deletes; one is killed with SIGKILL
// in the middle of them, ROUNDS times (a new instance in its place each time), and every answer of
// the survivor must come within a second; with lock documents of a dead writer left on every
// collection a call writes, creates, lists, updates and deletes answer at once. On FerretDB, the
// request counters, the usage counter and the app's documents themselves (updates, deletes) used
// to be written under a lock document per collection, and a killed holder's lock was taken over
// only after 30 s: the survivor's calls waited that long. Then, with no lock left, a call of the
// survivor's lost the race for the app's next usage version to the other instance again and again
// for up to 1.7 s (usage-versions.ts). Runs only where MONGODB_URI is set (npm run test:mongo).
import { randomUUID } from 'node:crypto';
import { readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openMongoStore } from '../../server/storage/mongo/mongo-store';
import { LOCKS } from '../../server/storage/mongo/write-lock';
import type { Store } from '../../server/storage/port';
import { developers } from '../../server/services/developer/model';
import { createApp } from '../../server/services/developer/apps';
import { createDatabase } from '../../server/services/database/databases';
import { createCollection } from '../../server/services/database/collections';
import { saveCollectionSchema } from '../../server/services/database/schema';
import { documentStoreName } from '../../server/services/database/model';
import { DB_USAGE } from '../../server/services/database/quotas';
import { DB_REQUEST_WINDOWS } from '../../server/services/database/public/request-limits';
import { APP_REQUEST_COUNTERS } from '../../server/services/developer/install/model';
import { dropDatabase } from '../helpers/test-app';
import { startServerProcess } from './server-processes';
import type { ServerProcess } from './server-processes';

const uri = process.env.MONGODB_URI;
/** Each instance logs its store calls this slow (SLOW_STORE_MS), reported beside a slow round. */
const SLOW_STORE_MS = 100;
const REPORTED_FROM_MS = 400;
const describeScaleOut = uri ? describe : describe.skip;

const ROUNDS = 3;
const BEFORE_KILL_MS = 1500;
const AFTER_KILL_MS = 3000;
const CLIENTS_PER_INSTANCE = 2;
const SLOWEST_MS = 1000;
const WARM_BURST_MS = 1000;
/** The collections a public create, update, delete or list writes besides the documents', as a killed writer's lock would name them. */
const WRITTEN = [DB_USAGE, DB_REQUEST_WINDOWS, APP_REQUEST_COUNTERS];

interface Answer {
  status: number;
  ms: number;
  step: Step;
  /** performance.now() when the call was sent. */
  sentAt: number;
}

interface DataApp {
  documents: string;
  authorization: string;
  /** The store collection holding the documents, which updates and deletes write. */
  storeName: string;
}

/** What each client does in turn: create a note, list, change the note, delete it. */
type Step = 'create' | 'list' | 'update' | 'delete';
const STEPS: Step[] = ['create', 'list', 'update', 'delete'];
const METHODS: Record<Step, string> = { create: 'POST', list: 'GET', update: 'PUT', delete: 'DELETE' };

async function dataApp(ctx: AppContext): Promise<DataApp> {
  const userId = randomUUID();
  await developers(ctx).insertOne({ _id: randomUUID(), userId, name: 'Dev', email: `dev-${userId.slice(0, 8)}@example.com`, isActive: true, created: ctx.now().toISOString() });
  const app = await createApp({ ctx, userId, input: { name: 'Crash app' } });
  await createDatabase({ ctx, appId: app.appId });
  const collection = await createCollection({ ctx, appId: app.appId, name: 'notes' });
  await saveCollectionSchema({ ctx, appId: app.appId, name: 'notes', input: { attributes: [{ displayName: 'Text', name: 'text', type: 'text', validation: { required: true } }] } });
  return {
    documents: `/api/v1/data/${app.appId}/collections/notes/documents`,
    authorization: `Basic ${Buffer.from(`${app.appId}:${app.secretKey}`).toString('base64')}`,
    storeName: documentStoreName(collection.id),
  };
}

/** One public call, timed; a refused connection (the killed instance) is status 0. `docId`: the note an update or delete is about. */
async function call({ server, app, step, docId }: { server: ServerProcess; app: DataApp; step: Step; docId?: string }): Promise<Answer & { docId?: string }> {
  const started = performance.now();
  const headers = { authorization: app.authorization, 'content-type': 'application/json' };
  const url = `${server.url}${app.documents}${step === 'list' ? '?limit=20' : step === 'create' ? '' : `/${docId ?? ''}`}`;
  const body = step === 'create' || step === 'update' ? JSON.stringify({ text: `note ${randomUUID()}` }) : undefined;
  const res = await fetch(url, { method: METHODS[step], headers, body }).catch(() => null);
  const answer = res && step === 'create' ? ((await res.json()) as { data?: { _id?: string } }) : await res?.arrayBuffer();
  const created = answer && 'data' in answer ? answer.data?._id : undefined;
  return { status: res?.status ?? 0, ms: performance.now() - started, step, sentAt: started, docId: created ?? docId };
}

/** Clients calling one instance, each through `steps` in turn, until `until` or until it is gone; answers every call. */
async function burst({ server, app, until }: { server: ServerProcess; app: DataApp; until: number }): Promise<Answer[]> {
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS_PER_INSTANCE }, async (_, client) => {
      let docId: string | undefined;
      for (let n = client; performance.now() < until && answers.at(-1)?.status !== 0; n += 1) {
        const step = STEPS[n % STEPS.length];
        // A client that started mid-cycle has no note yet: it creates one first.
        const answer = await call({ server, app, step: docId === undefined && step !== 'list' ? 'create' : step, docId });
        docId = step === 'delete' ? undefined : answer.docId;
        answers.push(answer);
      }
    }),
  );
  return answers;
}

interface Slowest {
  ms: number;
  step: Step;
  /** When it was sent, in ms after the kill (negative: before). */
  sentAfterKillMs: number;
  /** Of a round with an answer over REPORTED_FROM_MS: the survivor's slow store calls in the burst, ms after the kill. */
  slowCalls?: string[];
}

/** The survivor's slow store calls (its log lines) that ended between `from` and `to` (epoch ms), as `+ms operation collection took`. */
function slowStoreCalls({ output, from, to, killedAt }: { output: string; from: number; to: number; killedAt: number }): string[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"Slow store call"'))
    .map((line) => JSON.parse(line) as { time: string; operation: string; collection: string; ms: number })
    .filter(({ time }) => Date.parse(time) >= from && Date.parse(time) <= to)
    .map(({ time, operation, collection, ms }) => `${Date.parse(time) - killedAt} ${operation} ${collection} ${ms}`);
}

/** The slowest answer, with its step and when it was sent, for the failure message. */
const slowest = (answers: Answer[], killedAt = 0): Slowest =>
  answers.reduce<Slowest>((worst, { ms, step, sentAt }) => (ms > worst.ms ? { ms: Math.round(ms), step, sentAfterKillMs: Math.round(sentAt - killedAt) } : worst), { ms: 0, step: 'list', sentAfterKillMs: 0 });
const statuses = (answers: Answer[]): number[] => [...new Set(answers.map((answer) => answer.status))].sort();

describeScaleOut('a dead instance and the public data API', () => {
  const dbName = `nindo_test_${randomUUID().slice(0, 8)}`;
  const env = { MONGODB_URI: uri ?? '', MONGODB_DB: dbName, SESSION_SECRET: `dead-instance-${randomUUID()}`, SLOW_STORE_MS: String(SLOW_STORE_MS) };
  let survivor: ServerProcess | undefined;
  let store: Store;
  let app: DataApp;

  beforeAll(async () => {
    store = await openMongoStore({ uri: uri ?? '', dbName });
    app = await dataApp({ config: readConfig({ ...env, NODE_ENV: 'test' }), store, now: () => new Date() });
    survivor = await startServerProcess({ env });
  }, 120_000);

  afterAll(async () => {
    await survivor?.stop();
    await store?.close();
    if (uri) await dropDatabase({ uri, name: dbName });
  });

  it(`keeps every answer of the survivor under ${SLOWEST_MS} ms when the other is killed mid-burst (${ROUNDS} kills)`, async () => {
    const alive = survivor as ServerProcess;
    const slowestByRound: Slowest[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const victim = await startServerProcess({ env });
      // Warmed up, so compiling the first create and list of a process is not counted.
      for (const server of [alive, victim]) {
        let docId: string | undefined;
        for (const step of STEPS) docId = (await call({ server, app, step, docId })).docId;
      }
      // And a short burst through both at once, unmeasured: the first calls that meet the other
      // instance's writes (its usage versions, new store connections) are not what a death costs.
      const warm = performance.now() + WARM_BURST_MS;
      await Promise.all([burst({ server: alive, app, until: warm }), burst({ server: victim, app, until: warm })]);
      const burstFrom = Date.now();
      const until = performance.now() + BEFORE_KILL_MS + AFTER_KILL_MS;
      const answers = burst({ server: alive, app, until });
      const victimAnswers = burst({ server: victim, app, until });
      await new Promise((resolve) => setTimeout(resolve, BEFORE_KILL_MS));
      const killedAt = performance.now();
      const killedAtEpoch = Date.now();
      await victim.kill();
      const [mine, theirs] = await Promise.all([answers, victimAnswers]);
      // The victim was writing when it died (a create of its own was answered or under way).
      expect(theirs.filter((answer) => answer.status === 201 || answer.status === 0).length).toBeGreaterThan(0);
      expect(statuses(mine)).toEqual([200, 201]);
      expect(mine.length).toBeGreaterThan(STEPS.length * CLIENTS_PER_INSTANCE);
      // Answers done before the kill measure the machine (a CI run on two loaded cores stalls now
      // and then), not a death: the bound is for those still out at the kill or sent after it.
      const worst = slowest(mine.filter(({ sentAt, ms }) => sentAt + ms >= killedAt), killedAt);
      const slowCalls = worst.ms >= REPORTED_FROM_MS ? slowStoreCalls({ output: alive.output(), from: burstFrom, to: Date.now(), killedAt: killedAtEpoch }) : undefined;
      slowestByRound.push({ ...worst, ...(slowCalls ? { slowCalls } : {}) });
    }
    // For the table of runs in docs/database-speed.md.
    process.stderr.write(`dead-instance: slowest per round ${JSON.stringify(slowestByRound)}\n`);
    expect(slowestByRound.filter(({ ms }) => ms >= SLOWEST_MS)).toEqual([]);
  }, 180_000);

  it('answers at once while lock documents of a dead writer are left on what public calls write, the documents included', async () => {
    const locks = store.collection(LOCKS);
    const written = [...WRITTEN, app.storeName];
    await locks.deleteMany({ _id: { $in: written } });
    await locks.insertMany(written.map((name) => ({ _id: name, token: 'killed-instance', expires: Date.now() + 30_000 })));
    try {
      const answers = await burst({ server: survivor as ServerProcess, app, until: performance.now() + 2000 });
      expect(statuses(answers)).toEqual([200, 201]);
      expect(answers.length).toBeGreaterThan(STEPS.length * CLIENTS_PER_INSTANCE);
      expect(slowest(answers).ms).toBeLessThan(SLOWEST_MS);
    } finally {
      await locks.deleteMany({ _id: { $in: written } });
    }
  }, 60_000);
});

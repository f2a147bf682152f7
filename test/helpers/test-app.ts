// A fresh app on a fresh store, with a clock the test can move: in-memory SQLite, or under
// `npm run test:mongo` (MONGODB_URI set) a new MongoDB database dropped when the app closes.
import { createHash, randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { MongoClient } from 'mongodb';
import { readConfig } from '../../server/config';
import type { Config } from '../../server/config';
import { createApp } from '../../server/app';
import { createStore } from '../../server/storage';
import { ensureIndexes } from '../../server/storage/indexes';
import { productIndexes } from '../../server/registry';
import type { AppContext } from '../../server/context';
import { usageWritten } from '../../server/services/database/usage-ledger';
import { closeHub } from '../../server/services/database/live/hub';
import { flushCounts } from '../../server/services/metering/shared-counts';

export interface TestApp {
  app: Express;
  ctx: AppContext;
  /** Moves the clock used by services forward by `ms`. */
  advance: (ms: number) => void;
  close: () => Promise<void>;
}

const mongodbUri = process.env.MONGODB_URI || undefined;

/**
 * The MongoDB database standing for the SQLite store a test asked for: a fresh one, or for a
 * test that reopens a file (a restart) one named after that file, kept so the next app finds
 * its data (test:mongo's server is thrown away at the end).
 */
function mongoDatabase(sqlitePath: string | undefined): { name: string; drop: boolean } {
  if (sqlitePath === undefined || sqlitePath === ':memory:') return { name: `nindo_test_${randomUUID().slice(0, 8)}`, drop: true };
  return { name: `nindo_test_${createHash('sha256').update(sqlitePath).digest('hex').slice(0, 12)}`, drop: false };
}

export async function dropDatabase({ uri, name }: { uri: string; name: string }): Promise<void> {
  const client = new MongoClient(uri);
  try {
    await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = mongodbUri ? mongoDatabase(overrides.sqlitePath) : undefined;
  const config: Config = {
    ...readConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-session-secret' }),
    sqlitePath: ':memory:',
    // Suites sign up many accounts from supertest's one address; the caps' own tests set the product's.
    addressMailLimits: { signup: 10_000, reset: 10_000, confirm: 10_000 },
    ...overrides,
    ...(mongodbUri && database ? { mongodbUri, mongodbDb: database.name } : {}),
  };
  const store = await createStore(config);
  await ensureIndexes(store, productIndexes());
  let now = Date.now();
  const ctx: AppContext = { config, store, now: () => new Date(now) };
  return {
    app: createApp(ctx),
    ctx,
    advance: (ms) => {
      now += ms;
    },
    close: async () => {
      // As the server's stop does: what requests left to the background (usage versions, shared
      // counts) is stored, and the live streams and their polls end, before the store closes.
      await usageWritten({ ctx });
      await flushCounts({ ctx });
      closeHub({ store, reason: 'The test is over' });
      await store.close();
      if (mongodbUri && database?.drop) await dropDatabase({ uri: mongodbUri, name: database.name });
    },
  };
}

/**
 * Registers the hooks that build a fresh app before each test (scope 'test') or once for
 * the file or describe block (scope 'file') and close it after. Answers a stand-in whose
 * properties read the current app, so it can be declared once and used in every test.
 */
export function withTestApp({ config = {}, scope = 'test' }: { config?: Partial<Config>; scope?: 'test' | 'file' } = {}): TestApp {
  let current: TestApp | undefined;
  const open = async (): Promise<void> => {
    current = await createTestApp(config);
  };
  const close = async (): Promise<void> => {
    await current?.close();
    current = undefined;
  };
  if (scope === 'test') {
    beforeEach(open);
    afterEach(close);
  } else {
    beforeAll(open);
    afterAll(close);
  }
  const get = (): TestApp => {
    if (!current) throw new Error('withTestApp: the app exists only while a test runs');
    return current;
  };
  return {
    get app() {
      return get().app;
    },
    get ctx() {
      return get().ctx;
    },
    advance: (ms) => get().advance(ms),
    close,
  };
}

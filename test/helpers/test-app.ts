// A fresh app on a fresh in-memory SQLite store, with a clock the test can move.
import type { Express } from 'express';
import { readConfig } from '../../server/config';
import type { Config } from '../../server/config';
import { createApp } from '../../server/app';
import { createStore } from '../../server/storage';
import { ensureIndexes } from '../../server/storage/indexes';
import type { AppContext } from '../../server/context';

export interface TestApp {
  app: Express;
  ctx: AppContext;
  /** Moves the clock used by services forward by `ms`. */
  advance: (ms: number) => void;
  close: () => Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config: Config = {
    ...readConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-session-secret' }),
    sqlitePath: ':memory:',
    ...overrides,
  };
  const store = await createStore(config);
  await ensureIndexes(store);
  let now = Date.now();
  const ctx: AppContext = { config, store, now: () => new Date(now) };
  return {
    app: createApp(ctx),
    ctx,
    advance: (ms) => {
      now += ms;
    },
    close: () => store.close(),
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

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

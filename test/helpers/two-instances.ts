// Two instances of the server on one store: two apps on one SQLite file (under test:mongo, one
// MongoDB database, named after that file), made before each test and closed after it.
import { join } from 'node:path';
import { createTestApp } from './test-app';
import type { TestApp } from './test-app';
import { tempDir } from './temp-dir';

type Overrides = Parameters<typeof createTestApp>[0];

/** Filled before each test of the calling block: `one` and `two` share `config` and a fresh store. */
export function twoInstancesOnOneStore({ prefix, config = {} }: { prefix: string; config?: Overrides }): { one: TestApp; two: TestApp } {
  const pair = {} as { one: TestApp; two: TestApp };
  beforeEach(async () => {
    const shared = { ...config, sqlitePath: join(tempDir(prefix), 'store.sqlite') };
    pair.one = await createTestApp(shared);
    pair.two = await createTestApp(shared);
  });
  afterEach(async () => {
    await pair.one.close();
    await pair.two.close();
  });
  return pair;
}

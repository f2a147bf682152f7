// The web build replaces fast-uri with web/fast-uri-lite.ts (vite.config.ts): for the calls
// RJSF makes, it must answer as fast-uri does.
import { createRequire } from 'node:module';
import { equal, resolve } from '../../web/fast-uri-lite';

// The copy @rjsf/utils imports (other packages bring other versions).
const fastUri = createRequire(require.resolve('@rjsf/utils'))('fast-uri') as { resolve(base: string, ref: string): string; equal(a: string, b: string): boolean };

describe('fast-uri-lite', () => {
  it.each([
    ['#', '#/components/schemas/AppScope'],
    ['#', 'other#/a'],
    ['root', '#/a'],
    ['/a/b', 'c'],
    ['a/b/c', '../d'],
    ['urn:x', '#/a'],
    ['https://e.x/a/b.json', 'c.json#/x'],
    ['https://e.x/a/b.json', '#/x'],
    ['https://e.x/a/', '../c'],
    ['https://E.x/a', '#b'],
    ['https://e.x/a', 'https://f.y/b#c'],
  ])('resolve(%s, %s) as fast-uri', (base, ref) => {
    expect(resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it.each([
    ['https://E.x/a', 'https://e.x/a'],
    ['https://e.x/a', 'https://e.x/a/'],
    ['https://e.x/a/../b', 'https://e.x/b'],
    ['urn:a:b', 'urn:a:b'],
    ['a', 'a'],
    ['x', 'y'],
  ])('equal(%s, %s) as fast-uri', (a, b) => {
    expect(equal(a, b)).toBe(fastUri.equal(a, b));
  });
});

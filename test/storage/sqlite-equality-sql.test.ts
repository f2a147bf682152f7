// An equality is compiled as `IN (value)`, not `= value`: with `=`, SQLite prepares a sorted page's
// statement again on every run once a value is bound (its STAT4 build marks the parameter as one the
// plan depends on), about 8 µs a list page (docs/database-speed.md, "Equality re-prepared"). The
// contract suite holds that both forms select the same documents; this pins the form.
import { compileFilter } from '../../server/storage/sqlite/compile-filter';
import { parseFilter } from '../../server/storage/filter';
import type { Filter } from '../../server/storage/port';

const sqlOf = (filter: Filter, arrayPaths: string[] = []): string => compileFilter(parseFilter(filter), new Set(arrayPaths)).sql;

describe('an equality on SQLite is bound as IN (value), so a sorted page is not prepared again per value', () => {
  test.each<[string, Filter, string[]]>([
    ['a text', { owner: 'store-42' }, []],
    ['a number', { score: 7 }, []],
    ['0 or 1 (checked as a number)', { score: 1 }, []],
    ['a text that looks like JSON', { owner: '[x' }, []],
    ['an object', { meta: { a: 1 } }, []],
    ['the _id', { _id: 'k1' }, []],
    ['a path that has held an array', { tags: 'red' }, ['tags']],
    ['inside $ne', { owner: { $ne: 'store-1' } }, []],
  ])('%s', (_name, filter, arrayPaths) => {
    const sql = sqlOf(filter, arrayPaths);
    expect(sql).toMatch(/ IN \((json\()?@p0\)?\)/);
    expect(sql).not.toMatch(/ = (json\()?@p\d/);
  });
});

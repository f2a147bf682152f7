// Fuzzing the contains index (issue 27 item 3): texts and searches made of control characters,
// FTS5's own syntax (quotes, `*`, `^`, `:`, `NEAR`, `AND`, parentheses...) and letters in both
// cases. Every search a caller can send as a literal `$regex` finds exactly the documents a plain
// substring check finds, counts them alike, and never fails on the server; a search holding NUL
// (which SQLite's full-text queries and MongoDB cannot take) is refused as a bad query naming the
// field. On SQLite the searches go through the index's MATCH.
import fc from 'fast-check';
import type { Collection, Doc, Store } from '../../server/storage/port';
import { InvalidQueryError } from '../../server/storage/port';
import { escapeRegex } from '../../server/services/developer/escape-regex';
import { Database as Driver } from '../../server/storage/sqlite/driver';
import { engines } from './engines';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

const CONTROL = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).concat('\u007f', '\u0085', '\u2028');
// FTS5's query syntax, and LIKE's wildcards (the scan's prefilter once was a LIKE).
const SYNTAX = ['"', '""', '*', '^', ':', '(', ')', '-', '+', '{', '}', 'NEAR', 'NEAR(', 'AND', 'OR', 'NOT', ' ', "'", '\\', '.', 'col:', '%', '_'];
const WORDS = ['a', 'B', 'ab', 'AB', 'lamp', 'LAMP', 'é', 'É'];
// Pieces, not characters, so keywords and quote pairs appear whole as often as alone.
const piece = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...CONTROL) }, { weight: 3, arbitrary: fc.constantFrom(...SYNTAX) }, { weight: 2, arbitrary: fc.constantFrom(...WORDS) });
const text = fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join(''));
/** FerretDB over PostgreSQL refuses to store NUL (engine-differences.test.ts); the searches still hold it. */
const storable = (engine: string) => (engine === 'sqlite' ? text : text.map((t) => t.replaceAll('\u0000', '')));
/** A search: a piece of one of the texts (so it often finds something), or a text of its own. */
const searches = (names: string[]) =>
  fc.array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...names, ''), fc.nat(), fc.nat({ max: 12 })).map(([name, start, length]) => name.slice(start % (name.length + 1), (start % (name.length + 1)) + length)),
      text,
    ),
    { minLength: 1, maxLength: 6 },
  );

/** Upper and lower case differ only in ASCII and é/É here, where toLowerCase is Unicode's simple folding. */
const holds = ({ name, search, ignoreCase }: { name: string; search: string; ignoreCase: boolean }): boolean =>
  ignoreCase ? name.toLowerCase().includes(search.toLowerCase()) : name.includes(search);

describe.each(engines)('the contains index on $name, fuzzed', ({ name: engine, open }) => {
  let store: Store;
  let things: Collection<Doc & { name: string }>;

  beforeAll(async () => {
    store = await open();
    things = store.collection('fuzzed');
    await store.ensureIndex({ collection: 'fuzzed', contains: 'name' });
  });
  afterAll(async () => {
    await store.close();
  });

  it('finds and counts what a substring check finds, or refuses a search holding NUL', async () => {
    const prepared = jest.spyOn(Driver.prototype, 'prepare');
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(storable(engine), { minLength: 1, maxLength: 12 }).chain((names) => fc.tuple(fc.constant(names), searches(names), fc.boolean())),
          async ([names, terms, ignoreCase]) => {
            await things.deleteMany({});
            await things.insertMany(names.map((name, i) => ({ _id: `d${i}`, name })));
            for (const search of terms) {
              const filter = { name: { $regex: escapeRegex(search), $options: ignoreCase ? 'i' : '' } };
              if (search.includes('\u0000')) {
                await expect(things.find(filter)).rejects.toThrow(InvalidQueryError);
                await expect(things.count(filter)).rejects.toThrow(/^name: \$regex cannot hold the NUL character/);
                continue;
              }
              const expected = names.flatMap((name, i) => (holds({ name, search, ignoreCase }) ? [`d${i}`] : [])).sort();
              expect({ search, ignoreCase, found: (await things.find(filter)).map((d) => d._id).sort() }).toEqual({ search, ignoreCase, found: expected });
              expect({ search, ignoreCase, counted: await things.count(filter) }).toEqual({ search, ignoreCase, counted: expected.length });
            }
          },
        ),
        { numRuns: RUNS },
      );
      if (engine === 'sqlite') expect(prepared.mock.calls.some(([sql]) => sql.includes('"fuzzed') && sql.includes(' MATCH '))).toBe(true);
    } finally {
      prepared.mockRestore();
    }
  }, 120_000);
});

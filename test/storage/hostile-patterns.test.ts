// Patterns a caller sends run in linear time on every engine: the classic catastrophic patterns
// answer over long values at once, constructs a linear-time engine cannot run are refused with
// the construct named, and a pattern's length is bounded (docs/storage.md, "Patterns").
import { InvalidQueryError } from '../../server/storage/port';
import type { Collection, Doc, Filter, Store } from '../../server/storage/port';
import { engines } from './engines';

interface Titled extends Doc {
  title: string;
}

// A backtracking engine takes 2^30 steps for `(a+)+$` against the first, and forever on the second.
const SHORT = 'a'.repeat(30);
const LONG = 'a'.repeat(20_000);
const titled: Titled[] = [
  { _id: 'short-bang', title: `${SHORT}!` },
  { _id: 'long-bang', title: `${LONG}!` },
  { _id: 'short-c', title: `${SHORT}c` },
  { _id: 'long', title: LONG },
];

describe.each(engines)('patterns a caller sends, on $name', ({ open }) => {
  let store: Store;
  let coll: Collection<Titled>;

  beforeAll(async () => {
    store = await open();
    coll = store.collection<Titled>('titled');
    await coll.insertMany(titled);
  });
  afterAll(async () => {
    await store.close();
  });

  const ids = async (filter: Filter): Promise<string[]> => (await coll.find(filter, { sort: { _id: 1 } })).map((doc) => doc._id);

  it.each<[string, string[]]>([
    ['(a+)+$', ['long']],
    ['(a|a)+$', ['long']],
    ['(a*)*c', ['short-c']],
    ['^(a|aa)+$', ['long']],
    ['(.*a){12}!', ['long-bang', 'short-bang']],
  ])('answers %s over long values in linear time', async (pattern, expected) => {
    expect(await ids({ title: { $regex: pattern } })).toEqual(expected);
    expect(await coll.count({ title: { $regex: pattern, $options: 'i' } })).toBe(expected.length);
    expect(await ids({ title: { $not: { $regex: pattern } } })).toEqual(titled.map((doc) => doc._id).filter((id) => !expected.includes(id)).sort());
  });

  it.each<[string, string, string]>([
    ['a backreference', '(a)\\1', 'a backreference (\\1)'],
    ['a named backreference', '(?<x>a)\\k<x>', 'a named backreference (\\k<name>)'],
    ['a lookahead', 'a(?=!)', 'a lookahead (?=...)'],
    ['a negative lookahead', 'a(?!!)', 'a negative lookahead (?!...)'],
    ['a lookbehind', '(?<=a)!', 'a lookbehind (?<=...)'],
    ['a negative lookbehind', '(?<!a)!', 'a negative lookbehind (?<!...)'],
  ])('refuses %s, naming it', async (_name, pattern, named) => {
    const refusal = `title: $regex cannot use ${named}: patterns run in linear time, without backreferences or lookaround`;
    await expect(coll.find({ title: { $regex: pattern } })).rejects.toThrow(new InvalidQueryError(refusal));
    await expect(coll.count({ title: new RegExp(pattern) })).rejects.toThrow(refusal);
    await expect(coll.find({ title: { $not: new RegExp(pattern) } })).rejects.toThrow(refusal);
  });

  it('refuses a pattern over 512 characters and takes one of 512', async () => {
    await expect(coll.find({ title: { $regex: 'a'.repeat(513) } })).rejects.toThrow(new InvalidQueryError('title: $regex is 513 characters long; at most 512 are allowed'));
    expect(await ids({ title: { $regex: 'a'.repeat(512) } })).toEqual(['long', 'long-bang']);
  });

  it('names the fault of a pattern that does not parse', async () => {
    await expect(coll.find({ title: { $regex: 'a{2,1}' } })).rejects.toThrow(new InvalidQueryError('title: invalid regular expression /a{2,1}/: invalid repetition size: {2,1}'));
  });
});

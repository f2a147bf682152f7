// Which patterns a contains index answers (server/storage/sqlite/contains-literal.ts). The index
// answers a case-insensitive literal by SQLite's trigram case folding alone, so the letters where
// that folding and the pattern engine's differ must be exactly the ones listed: a letter missing
// from the list would lose documents a search should find (or find ones it should not).
import RE2 from 're2';
import { Database } from '../../server/storage/sqlite/driver';
import { UNFOLDED, ftsPhrase, indexableLiteral, preFold } from '../../server/storage/sqlite/contains-literal';
import { escapeRegex } from '../../forms/resource/list-query';

const escape = (ch: string): string => ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Every code point from U+0020 (surrogates aside), and above U+FFFF those that have a case. */
function codePoints(): number[] {
  const out: number[] = [];
  for (let cp = 0x20; cp < 0x110000; cp += 1) {
    if (cp >= 0xd800 && cp < 0xe000) continue;
    const ch = String.fromCodePoint(cp);
    if (cp < 0x10000 || ch.toLowerCase() !== ch || ch.toUpperCase() !== ch) out.push(cp);
  }
  return out;
}

/** What SQLite's trigram tokenizer folds each code point to, after the index's own pre-fold. */
function sqliteFolds(cps: number[]): Map<number, string> {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE f USING fts5(v, tokenize = 'trigram'); CREATE VIRTUAL TABLE terms USING fts5vocab(f, 'instance');`);
  const insert = db.prepare('INSERT INTO f (rowid, v) VALUES (?, ?)');
  db.transaction(() => cps.forEach((cp) => insert.run(cp, preFold(String.fromCodePoint(cp)).repeat(3))))();
  const folds = new Map((db.prepare('SELECT doc, term FROM terms').all() as { doc: number; term: string }[]).map(({ doc, term }) => [doc, term]));
  db.close();
  return folds;
}

/**
 * Code points some case-insensitive pattern engine equates with another that SQLite folds apart
 * (RE2 as the engine, JavaScript's `iu` as the newer Unicode data), or that SQLite folds together
 * with one RE2 keeps apart.
 */
function disagreeing(): number[] {
  const cps = codePoints();
  const folds = sqliteFolds(cps);
  const foldOf = (cp: number): string => folds.get(cp) ?? preFold(String.fromCodePoint(cp)).repeat(3);
  const out = new Set<number>();
  const byFold = new Map<string, number[]>();
  for (const cp of cps) {
    const ch = String.fromCodePoint(cp);
    const engines = [new RE2(escape(ch), 'iu'), new RegExp(escape(ch), 'iu')];
    const cases = [ch.toLowerCase(), ch.toUpperCase(), ch.toUpperCase().toLowerCase(), ch.toLowerCase().toUpperCase()].filter((other) => [...other].length === 1);
    for (const other of cases) {
      const otherCp = other.codePointAt(0) ?? cp;
      if (otherCp !== cp && engines.some((engine) => engine.test(other)) && foldOf(cp) !== foldOf(otherCp)) [cp, otherCp].forEach((c) => out.add(c));
    }
    byFold.set(foldOf(cp), [...(byFold.get(foldOf(cp)) ?? []), cp]);
  }
  for (const members of byFold.values()) {
    for (const a of members) {
      const engine = new RE2(escape(String.fromCodePoint(a)), 'iu');
      for (const b of members) if (a !== b && !engine.test(String.fromCodePoint(b))) [a, b].forEach((c) => out.add(c));
    }
  }
  return [...out].sort((a, b) => a - b);
}

const listed = (): number[] => UNFOLDED.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i)).sort((a, b) => a - b);

describe('patterns a contains index answers', () => {
  it('keeps off the index exactly the letters whose case SQLite and the pattern engines fold differently', () => {
    expect(listed()).toEqual(disagreeing());
  });

  it.each<[string, string, boolean, string | undefined]>([
    ['a word', 'lamp', true, 'lamp'],
    ['a search box text, escaped', escapeRegex('a.b (c)*'), true, 'a.b (c)*'],
    ['quotes and slashes', '"x"\\/y', false, '"x"/y'],
    ['accented and Cyrillic letters', 'Café вода', true, 'Café вода'],
    ['two characters', 'ab', true, undefined],
    ['three characters, one above U+FFFF', 'a😀b', true, 'a😀b'],
    ['an anchor', '^lamp', true, undefined],
    ['a character class', 'l[ae]mp', true, undefined],
    ['an escape that is not punctuation', 'lamp\\d', true, undefined],
    ['more than 200 characters', 'x'.repeat(201), true, undefined],
    ['a lone surrogate', 'ab\ud800', false, undefined],
    ['a Georgian letter SQLite does not fold, case-insensitive', 'აბგ', true, undefined],
    ['the same letters, case-sensitive', 'აბგ', false, 'აბგ'],
  ])('%s', (_label, source, ignoreCase, literal) => {
    expect(indexableLiteral({ source, ignoreCase })).toBe(literal);
  });

  it('quotes a phrase for FTS5 and stores archaic Cyrillic forms as the letters they stand for', () => {
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""');
    expect(ftsPhrase('\u1c80\u1c82\u1c81\u0430')).toBe('"вода"');
  });
});

// Which `$regex` patterns a contains index (contains-index.ts) answers, and the FTS5 query for
// them. The trigram index finds the rows holding the literal in any case, by SQLite's case
// folding; for a case-insensitive pattern that is the answer itself, so SQLite's folding must
// equate exactly the letters the pattern engine (RE2, Unicode simple case folding) equates.
// SQLite folds by an old Unicode table: the letters where the two differ are listed below and
// keep a case-insensitive pattern holding them off the index (checked against both engines in
// test/storage/contains-literal.test.ts). A case-sensitive literal is confirmed with instr().

/** A trigram index finds nothing shorter than three characters. */
export const MIN_LITERAL_CHARS = 3;
/** Longer literals are left to the scan, so a hostile pattern cannot build a huge FTS5 query. */
export const MAX_LITERAL_CHARS = 200;

/**
 * Archaic Cyrillic letter forms (U+1C80-1C88) that case-insensitive patterns equate with в, д,
 * о, с, т, ъ, ѣ and ꙋ but SQLite does not fold: the index stores them as those letters (the
 * triggers apply the same map in SQL), or every Cyrillic search holding one of those common
 * letters would have to be scanned.
 */
export const PRE_FOLD: ReadonlyArray<readonly [string, string]> = [
  ['\u1c80', '\u0432'],
  ['\u1c81', '\u0434'],
  ['\u1c82', '\u043e'],
  ['\u1c83', '\u0441'],
  ['\u1c84', '\u0442'],
  ['\u1c85', '\u0442'],
  ['\u1c86', '\u044a'],
  ['\u1c87', '\u0463'],
  ['\u1c88', '\ua64b'],
];

/** Code points (inclusive ranges) whose case-insensitive matches SQLite's trigram folding may miss. */
export const UNFOLDED: ReadonlyArray<readonly [number, number]> = [
  [0x19b, 0x19b], [0x25c, 0x25c], [0x261, 0x261], [0x264, 0x264], [0x26a, 0x26a], [0x26c, 0x26c],
  [0x282, 0x282], [0x287, 0x287], [0x29d, 0x29e], [0x37f, 0x37f], [0x3f3, 0x3f3], [0x528, 0x52f],
  [0x10d0, 0x10fa], [0x10fd, 0x10ff], [0x13a0, 0x13f5], [0x13f8, 0x13fd], [0x1c89, 0x1c8a], [0x1c90, 0x1cba],
  [0x1cbd, 0x1cbf], [0x1d8e, 0x1d8e], [0x2c2f, 0x2c2f], [0x2c5f, 0x2c5f], [0xa698, 0xa69b], [0xa794, 0xa794],
  [0xa796, 0xa79f], [0xa7ab, 0xa7ae], [0xa7b0, 0xa7dc], [0xa7f5, 0xa7f6], [0xab53, 0xab53], [0xab70, 0xabbf],
  [0xfffd, 0xffff], [0x104b0, 0x104d3], [0x104d8, 0x104fb], [0x10570, 0x1057a], [0x1057c, 0x1058a],
  [0x1058c, 0x10592], [0x10594, 0x10595], [0x10597, 0x105a1], [0x105a3, 0x105b1], [0x105b3, 0x105b9], [0x105bb, 0x105bc],
  [0x10c80, 0x10cb2], [0x10cc0, 0x10cf2], [0x10d50, 0x10d65], [0x10d70, 0x10d85], [0x118a0, 0x118df],
  [0x16e40, 0x16e7f], [0x16ea0, 0x16eb8], [0x16ebb, 0x16ed3], [0x1e900, 0x1e943],
];

const PRE_FOLDED = new Map(PRE_FOLD);

/** The text as the index stores it. */
export const preFold = (text: string): string => [...text].map((ch) => PRE_FOLDED.get(ch) ?? ch).join('');

/** The same map as SQL around a text expression, for the triggers. */
export const preFoldSql = (expr: string): string => PRE_FOLD.reduce((sql, [from, to]) => `replace(${sql}, '${from}', '${to}')`, expr);

const unfolded = (ch: string): boolean => {
  const cp = ch.codePointAt(0) ?? 0;
  return UNFOLDED.some(([first, last]) => cp >= first && cp <= last);
};

/** Half of a pair on its own (spreading a string splits no pair): SQLite cannot store it as text. */
const loneSurrogate = (ch: string): boolean => /^[\ud800-\udfff]$/.test(ch);

// Characters that match themselves, or a backslash before punctuation (what escapeRegex emits).
const PLAIN = /^(?:[^\\^$.|?*+()[\]{}]|\\[.*+?^${}()|[\]\\/-])*$/;

/**
 * The text a `$regex` looks for when it is a plain literal the index can answer: 3 to 200
 * characters, well-formed, and (case-insensitive) free of the letters SQLite does not fold.
 */
export function indexableLiteral({ source, ignoreCase }: { source: string; ignoreCase: boolean }): string | undefined {
  if (!PLAIN.test(source)) return undefined;
  const literal = source.replace(/\\(.)/g, '$1');
  const chars = [...literal];
  if (chars.length < MIN_LITERAL_CHARS || chars.length > MAX_LITERAL_CHARS || chars.some(loneSurrogate)) return undefined;
  if (ignoreCase && chars.some(unfolded)) return undefined;
  return literal;
}

/** The FTS5 phrase of a literal: with the trigram tokenizer, the rows holding it anywhere, in any case. */
export const ftsPhrase = (literal: string): string => `"${preFold(literal).replace(/"/g, '""')}"`;

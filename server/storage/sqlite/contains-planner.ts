// Whether a `$regex` on a field goes through the field's contains index (contains-index.ts),
// asked by the filter compiler. The index finds the matches; the page then needs them read and
// sorted. For a rare text that is a handful of rows, where a newest-first walk testing every
// document would read them all; for a common one the walk stops after a few dozen rows while the
// index would hand over thousands to sort. So the index is used when the text is rare enough,
// found by counting its matches up to a bound (docs/storage.md, "Contains indexes"). Between the
// two, a rare text with many matches (1% of the documents) is not sorted: a page in an index's
// order walks that index against the matches' rowids, reading only the page's documents.
import type { Database, Statement } from 'better-sqlite3';
import { tableName } from './sql-path';
import { containsTable, isContainsTable } from './contains-index';
import { ftsPhrase, indexableLiteral } from './contains-literal';

/** What the compiler emits for a pattern the index answers. */
export interface ContainsMatch {
  /** The FTS5 table, quoted. */
  fts: string;
  /** The MATCH argument. */
  phrase: string;
  /** For a case-sensitive pattern, the text instr() confirms (the index ignores case). */
  exact?: string;
  /**
   * So many matches that a page read in an index's order (the list's sort) finds its rows sooner
   * by walking that index against the matches' rowids than by reading and sorting every match:
   * only for a lookup made with `walk` (sqlite-collection.ts checks the plan walks an index).
   */
  walk?: boolean;
}

/**
 * `common`: the field has a contains index and the literal is in so many documents that a walk in
 * an index's order meets a page of them within about rareBelow(N) rows: bounded, so the read may
 * stay on the server's thread (sqlite-collection.ts).
 */
export type ContainsLookup = (path: string, pattern: { source: string; ignoreCase: boolean }) => ContainsMatch | 'common' | undefined;

/** The page a list reads: the walk finds it after about PAGE_ROWS x rows / matches documents. */
const PAGE_ROWS = 20;
/** How long a rare/common verdict is kept: it only picks the faster of two equal answers. */
const VERDICT_MS = 10_000;
const MAX_VERDICTS = 1000;

interface Verdict {
  rare: boolean;
  walk: boolean;
  until: number;
}

interface Planner {
  schemaVersion: number;
  tables: Set<string>;
  verdicts: Map<string, Verdict>;
}

const planners = new WeakMap<Database, Planner>();

/** The contains tables of the file, read again whenever its schema changed (any process). */
function plannerOf(db: Database, prepare: (sql: string) => Statement): Planner {
  const version = prepare('PRAGMA schema_version').pluck().get() as number;
  const known = planners.get(db);
  if (known && known.schemaVersion === version) return known;
  const names = prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`).pluck().all() as string[];
  const planner = { schemaVersion: version, tables: new Set(names.filter(isContainsTable)), verdicts: known?.verdicts ?? new Map() };
  planners.set(db, planner);
  return planner;
}

/**
 * Walking newest first reads about PAGE_ROWS x N / m rows for m matches among N evenly spread;
 * the index reads the m matches, each at a few times a walked row's cost (a lookup by rowid, then
 * the sort). They cost the same near m = sqrt(5 N); the index is kept up to twice that, since a
 * walk's cost grows when the matches are old documents and the index's does not.
 */
export const rareBelow = (rows: number): number => Math.max(1, Math.ceil(Math.sqrt(PAGE_ROWS * rows)));

/**
 * Sorting m matches reads each one's document for its sort key (about 18 times an index entry's
 * cost, measured over 100,000 documents); walking the list's index against the matches' rowids
 * reads about PAGE_ROWS x N / m entries and only the page's documents. They cost the same near
 * m = sqrt(PAGE_ROWS x N / 18): 333 matches of 100,000 documents (docs/database-speed.md, issue 29).
 */
const READ_OVER_INDEX_STEP = 18;
const walkFrom = (rows: number): number => Math.ceil(Math.sqrt((PAGE_ROWS * rows) / READ_OVER_INDEX_STEP));

/**
 * Whether the page's matches lie near the start of the walk, from either end (the verdict does not
 * know the sort's direction): rows written after the newest page's last match by rowid (documents
 * made since, none matching), or before the oldest page's, are walked past first, and when they
 * outnumber what sorting every match costs, the walk loses (a collection filled with new
 * documents since the matches were written). Rowids grow with writes, as the newest-first order
 * does; where the two disagree (an import of old documents) the estimate says far, and the
 * matches are sorted as before.
 */
function walkMeetsPage({ prepare, fts, phrase, rows, matches }: { prepare: (sql: string) => Statement; fts: string; phrase: string; rows: number; matches: number }): boolean {
  const pageEnd = (order: 'ASC' | 'DESC'): number | undefined =>
    prepare(`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid ${order} LIMIT 1 OFFSET ${PAGE_ROWS}`).pluck().get(phrase) as number | undefined;
  const [newest, oldest] = [pageEnd('DESC'), pageEnd('ASC')];
  const walked = READ_OVER_INDEX_STEP * matches;
  return newest !== undefined && oldest !== undefined && rows - newest < walked && oldest < walked;
}

function verdictOf({ prepare, planner, collection, fts, phrase }: { prepare: (sql: string) => Statement; planner: Planner; collection: string; fts: string; phrase: string }): Verdict {
  const key = `${fts}\n${phrase}`;
  const now = Date.now();
  const kept = planner.verdicts.get(key);
  if (kept && kept.until > now) return kept;
  // max(rowid) stands for the row count: a lookup, where count(*) reads the table.
  const rows = (prepare(`SELECT max(rowid) FROM ${tableName(collection)}`).pluck().get() as number | null) ?? 0;
  const bound = rareBelow(rows);
  const matches = prepare(`SELECT count(*) FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ? LIMIT ?)`).pluck().get(phrase, bound) as number;
  const verdict = { rare: matches < bound, walk: matches >= walkFrom(rows) && walkMeetsPage({ prepare, fts, phrase, rows, matches }), until: now + VERDICT_MS };
  planner.verdicts.delete(key);
  if (planner.verdicts.size >= MAX_VERDICTS) planner.verdicts.delete(planner.verdicts.keys().next().value ?? '');
  planner.verdicts.set(key, verdict);
  return verdict;
}

/**
 * The lookup the compiler calls for each `$regex` of a filter on the collection. `everyMatch`: the
 * statement reads every match whatever their number (a count), so the index always serves it: a
 * common text's 10,000 matches are counted from the index in milliseconds where testing all
 * 100,000 documents took 200-300 ms. `walk`: the statement reads a page in a sort an index may
 * serve, so many matches may be walked rather than sorted (ContainsMatch.walk).
 */
export function containsLookup({
  db,
  prepare,
  collection,
  everyMatch = false,
  walk = false,
}: {
  db: Database;
  prepare: (sql: string) => Statement;
  collection: string;
  everyMatch?: boolean;
  walk?: boolean;
}): ContainsLookup {
  return (path, pattern) => {
    const planner = plannerOf(db, prepare);
    const table = containsTable(collection, path);
    if (!planner.tables.has(table)) return undefined;
    const literal = indexableLiteral(pattern);
    if (literal === undefined) return undefined;
    const fts = `"${table}"`;
    const phrase = ftsPhrase(literal);
    const verdict = everyMatch ? undefined : verdictOf({ prepare, planner, collection, fts, phrase });
    if (verdict && !verdict.rare) return 'common';
    return { fts, phrase, ...(pattern.ignoreCase ? {} : { exact: literal }), ...(walk && verdict?.walk ? { walk: true } : {}) };
  };
}

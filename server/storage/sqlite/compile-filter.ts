// Compiles a parsed filter to an SQLite WHERE clause over `doc` (JSON text) with
// MongoDB semantics. Values are always bound as named parameters; only validated
// field names reach the SQL text (as JSON path literals, so expression indexes match).
//
// A path's "candidates" are the values Mongo compares: the value itself and, when it is
// an array, each element; an array met midway is traversed into its object elements.
// Array traversal SQL is emitted only for paths listed in `arrayPaths` (paths that have
// ever held an array in this collection) and is always guarded by a json_type check, so
// a superset is harmless and the common case stays one indexable json_extract.
import type { FieldOp, FilterNode } from '../filter';
import type { Json } from '../port';
import { columnOrJsonPath, jsonPathLiteral } from './sql-path';
import type { ContainsLookup } from './contains-planner';

export interface CompiledFilter {
  sql: string;
  params: Record<string, string | number>;
  /**
   * Every pattern the SQL tests on each row is a literal its contains index found common (not
   * negated): a page read in an index's order meets its rows soon (contains-planner.ts).
   */
  commonPatternsOnly: boolean;
  /** A contains match is walked in the statement's order rather than looked up (ContainsMatch.walk). */
  walksMatches: boolean;
  /**
   * With `candidates` asked: the contains match that every row must pass (a conjunct of the whole
   * filter, not negated) whose test was replaced by `rowid IN` the JSON array of rowids bound to
   * `param` (match-sets.ts binds a prefix of its kept matches there).
   */
  candidates?: { fts: string; phrase: string; param: string };
}

/** SQL that is true when one candidate (value expression, json_type expression) satisfies the test. */
type Leaf = (value: string, type: string) => string;

interface Ctx {
  params: Record<string, string | number>;
  /** Parameters bound so far: the next one's number (counting `params`' keys each time made compiling quadratic). */
  bound: number;
  arrayPaths: ReadonlySet<string>;
  aliases: number;
  contains?: ContainsLookup;
  /** Inside a $not: a common literal's complement may be rare. */
  negated: boolean;
  /** Patterns tested on each row that are not known common. */
  unbounded: number;
  walks: boolean;
  /** Whether the node being compiled must hold for every row the filter selects (no OR or NOT above it). */
  conjunct: boolean;
  /** Replace the first conjunct contains match by a candidates parameter (CompiledFilter.candidates). */
  wantsCandidates: boolean;
  candidates?: CompiledFilter['candidates'];
}

const NUMBER = `IN ('integer','real')`;

/**
 * Equality to a bound value, written `IN (value)`: SQLite (built with STAT4, as better-sqlite3 is)
 * marks a parameter that `=` compares to an indexed expression as one the plan depends on when the
 * statement also has an ORDER BY, so every run with a value bound prepares the statement again
 * (8 µs for a list's page, more for a longer statement); `IN` of one value is the same test and
 * the same index search without it (docs/database-speed.md, "Equality re-prepared").
 */
const isValue = (value: string, param: string): string => `${value} IN (${param})`;

function bind(c: Ctx, value: string | number): string {
  const name = `p${c.bound++}`;
  c.params[name] = value;
  return `@${name}`;
}

/**
 * Terms joined as a balanced tree: SQLite nests `a OR b OR c ...` one level deeper per term and
 * refuses an expression past 1000 levels ('Expression tree is too large'); halves nest log2 of them.
 */
function joined(parts: string[], op: 'AND' | 'OR'): string {
  if (parts.length <= 2) return parts.join(` ${op} `);
  const half = Math.ceil(parts.length / 2);
  return `(${joined(parts.slice(0, half), op)}) ${op} (${joined(parts.slice(half), op)})`;
}

interface Ref {
  /** A JSON path literal such as $."a"."b" when known statically; otherwise a SQL expression. */
  literal?: string;
  expr?: string;
}

const sqlOf = (ref: Ref): string => (ref.literal !== undefined ? `'${ref.literal}'` : `(${ref.expr})`);
const child = (ref: Ref, suffix: string): Ref =>
  ref.literal !== undefined ? { literal: ref.literal + suffix } : { expr: `${ref.expr} || '${suffix}'` };

function terminal(c: Ctx, ref: Ref, key: string, leaf: Leaf): string {
  const path = sqlOf(ref);
  const t = `json_type(doc, ${path})`;
  const direct = leaf(`json_extract(doc, ${path})`, t);
  if (!c.arrayPaths.has(key)) return direct;
  const e = `e${c.aliases++}`;
  return `(${direct} OR (${t} = 'array' AND EXISTS (SELECT 1 FROM json_each(doc, ${path}) AS ${e} WHERE ${leaf(`${e}.value`, `${e}.type`)})))`;
}

function walk(c: Ctx, ref: Ref, key: string, segments: string[], i: number, leaf: Leaf): string {
  if (i === segments.length) return terminal(c, ref, key, leaf);
  const seg = segments[i];
  const nextKey = key ? `${key}.${seg}` : seg;
  const next = walk(c, child(ref, `."${seg}"`), nextKey, segments, i + 1, leaf);
  if (!c.arrayPaths.has(key)) return next;
  const path = sqlOf(ref);
  const t = `json_type(doc, ${path})`;
  const e = `e${c.aliases++}`;
  const inObject = walk(c, child({ expr: `${e}.fullkey` }, `."${seg}"`), nextKey, segments, i + 1, leaf);
  const branches = [`EXISTS (SELECT 1 FROM json_each(doc, ${path}) AS ${e} WHERE ${e}.type = 'object' AND ${inObject})`];
  if (/^\d+$/.test(seg)) branches.push(walk(c, child(ref, `[${seg}]`), key, segments, i + 1, leaf));
  return `((${t} IS NOT 'array' AND ${next}) OR (${t} = 'array' AND (${branches.join(' OR ')})))`;
}

function anyCandidate(c: Ctx, node: Extract<FilterNode, { kind: 'field' }>, leaf: Leaf): string {
  if (node.segments[0] === '_id') return node.segments.length === 1 ? leaf('_id', `'text'`) : leaf('NULL', 'NULL');
  return walk(c, { literal: '$' }, '', node.segments, 0, leaf);
}

const isNull = (t: string): string => `(${t} IS NULL OR ${t} = 'null')`;

function equals(c: Ctx, value: Json): Leaf {
  if (value === null) return (_v, t) => isNull(t);
  if (typeof value === 'boolean') return (_v, t) => `${t} = '${value}'`;
  // json_extract gives true/false as 1/0 and objects/arrays as JSON text: only those can
  // collide with a bound number or string, so other values skip the json_type test.
  if (typeof value === 'number') {
    return value === 0 || value === 1 ? (v, t) => `(${isValue(v, bind(c, value))} AND ${t} ${NUMBER})` : (v) => isValue(v, bind(c, value));
  }
  if (typeof value === 'string') {
    return /^[{[]/.test(value) ? (v, t) => `(${isValue(v, bind(c, value))} AND ${t} = 'text')` : (v) => isValue(v, bind(c, value));
  }
  const kind = Array.isArray(value) ? 'array' : 'object';
  return (v, t) => `(${t} = '${kind}' AND ${isValue(v, `json(${bind(c, JSON.stringify(value))})`)})`;
}

const SQL_COMPARISON = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function compares(c: Ctx, op: keyof typeof SQL_COMPARISON, value: Json): Leaf {
  const sqlOp = SQL_COMPARISON[op];
  if (value === null) return op === '$gte' || op === '$lte' ? (_v, t) => isNull(t) : () => '0';
  if (typeof value === 'boolean') {
    return (_v, t) => `(${t} IN ('true','false') AND (${t} = 'true') ${sqlOp} ${value ? 1 : 0})`;
  }
  if (typeof value === 'number') return (v, t) => `(${v} ${sqlOp} ${bind(c, value)} AND ${t} ${NUMBER})`;
  return (v, t) => `(${v} ${sqlOp} ${bind(c, String(value))} AND ${t} = 'text')`;
}

/**
 * Membership in a list of texts or of numbers: one value as `equals` writes it, more as one JSON
 * array bound once and read by json_each, so a list of any length is one parameter (SQLite takes
 * at most 32,766) and one term of the expression, and one statement for every length; SQLite
 * searches the field's index for each value as it does for `IN (?, ?, ...)`.
 */
function oneOf(c: Ctx, values: string[] | number[]): (value: string) => string {
  const param = values.length === 1 ? bind(c, values[0]) : `(SELECT value FROM json_each(${bind(c, JSON.stringify(values))}))`;
  return (value) => (values.length === 1 ? isValue(value, param) : `${value} IN ${param}`);
}

function inList(c: Ctx, values: Json[]): Leaf {
  const strings = values.filter((v): v is string => typeof v === 'string');
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const others = values.filter((v) => typeof v !== 'string' && typeof v !== 'number');
  const [text, number] = [strings.length > 0 ? oneOf(c, strings) : undefined, numbers.length > 0 ? oneOf(c, numbers) : undefined];
  // As in `equals`: JSON text can equal a text that looks like it, and true and false read as 1 and 0.
  const [textGuard, numberGuard] = [strings.some((s) => /^[{[]/.test(s)), numbers.some((n) => n === 0 || n === 1)];
  return (v, t) => {
    const parts = others.map((value) => equals(c, value)(v, t));
    if (number) parts.unshift(numberGuard ? `(${number(v)} AND ${t} ${NUMBER})` : number(v));
    if (text) parts.unshift(textGuard ? `(${text(v)} AND ${t} = 'text')` : text(v));
    return parts.length > 0 ? `(${joined(parts, 'OR')})` : '0';
  };
}

/**
 * The text a pattern matches literally, when it is unanchored ASCII without regex syntax
 * (backslash-escaped punctuation allowed); otherwise undefined.
 */
function asciiLiteral(source: string): string | undefined {
  if (!/^(?:[A-Za-z0-9 !"#%&',\-:;<=>@_`~/]|\\[.*+?^${}()|[\]\\/-])+$/.test(source)) return undefined;
  return source.replace(/\\(.)/g, '$1');
}

const not = (sql: string): string => `NOT COALESCE(${sql}, 0)`;

/**
 * A literal `$regex` on a field with a contains index, as the rows the index finds (contains-planner.ts
 * says when): only text values are indexed, so a path that has held an array is left to the scan.
 */
function throughContainsIndex(c: Ctx, node: Extract<FilterNode, { kind: 'field' }>, op: Extract<FieldOp, { op: '$regex' }>): string | undefined {
  const { segments } = node;
  if (!c.contains || segments[0] === '_id' || segments.some((_, i) => c.arrayPaths.has(segments.slice(0, i + 1).join('.')))) return undefined;
  const found = c.contains(node.path, op);
  if (found === 'common' && !c.negated) c.unbounded -= 1;
  if (!found || found === 'common') return undefined;
  if (c.wantsCandidates && !c.candidates && c.conjunct && !c.negated) {
    // The candidates are matches of the phrase: for them the MATCH is true, and the rest still applies.
    const param = bind(c, '[]');
    c.candidates = { fts: found.fts, phrase: found.phrase, param: param.slice(1) };
    const rows = `rowid IN (SELECT value FROM json_each(${param}))`;
    return found.exact === undefined ? rows : `(${rows} AND instr(json_extract(doc, '${jsonPathLiteral(segments)}'), ${bind(c, found.exact)}) > 0)`;
  }
  // `+rowid` is no column SQLite can look rows up by: the matches become a set each row of the
  // walk in the ORDER BY's index is checked against (covering, so documents are read for the page only).
  const walk = found.walk === true && !c.negated;
  if (walk) c.walks = true;
  const rows = `${walk ? '+' : ''}rowid IN (SELECT rowid FROM ${found.fts} WHERE ${found.fts} MATCH ${bind(c, found.phrase)})`;
  if (found.exact === undefined) return rows;
  return `(${rows} AND instr(json_extract(doc, '${jsonPathLiteral(segments)}'), ${bind(c, found.exact)}) > 0)`;
}

function compileOp(c: Ctx, node: Extract<FilterNode, { kind: 'field' }>, op: FieldOp): string {
  switch (op.op) {
    case '$eq':
      return anyCandidate(c, node, equals(c, op.value));
    case '$ne':
      return not(anyCandidate(c, node, equals(c, op.value)));
    case '$in':
      return anyCandidate(c, node, inList(c, op.values));
    case '$nin':
      return not(anyCandidate(c, node, inList(c, op.values)));
    case '$exists': {
      const exists = anyCandidate(c, node, (_v, t) => `${t} IS NOT NULL`);
      return op.value ? exists : not(exists);
    }
    case '$regex': {
      c.unbounded += 1;
      const indexed = throughContainsIndex(c, node, op);
      if (indexed) {
        c.unbounded -= 1;
        return indexed;
      }
      const source = bind(c, op.source);
      const flags = bind(c, op.ignoreCase ? 'i' : '');
      const literal = asciiLiteral(op.source);
      // An ASCII case-insensitive test in C discards most rows before the JS regex runs: instr of
      // the lower-cased text, not LIKE, which reads a text only up to a NUL and missed what followed.
      const prefilter = literal ? (v: string) => `instr(lower(${v}), ${bind(c, literal.toLowerCase())}) > 0 AND ` : () => '';
      return anyCandidate(c, node, (v, t) => `(${t} = 'text' AND ${prefilter(v)}nindo_regexp(${source}, ${flags}, ${v}))`);
    }
    case '$not': {
      const [outer, conjunct] = [c.negated, c.conjunct];
      c.negated = true;
      c.conjunct = false;
      const inner = op.ops.map((one) => compileOp(c, node, one)).join(' AND ');
      c.negated = outer;
      c.conjunct = conjunct;
      return not(`(${inner})`);
    }
    default:
      return anyCandidate(c, node, compares(c, op.op, op.value));
  }
}

function compileNode(c: Ctx, node: FilterNode): string {
  if (node.kind === 'field') return node.ops.map((op) => compileOp(c, node, op)).join(' AND ') || '1';
  if (node.items.length === 0) return '1';
  const conjunct = c.conjunct;
  if (node.kind === 'or') c.conjunct = false;
  const parts = node.items.map((item) => `(${compileNode(c, item)})`);
  c.conjunct = conjunct;
  return joined(parts, node.kind === 'and' ? 'AND' : 'OR');
}

/**
 * `contains`: the collection's contains indexes, for the literal patterns they answer.
 * `candidates`: see CompiledFilter.candidates.
 */
export function compileFilter(node: FilterNode, arrayPaths: ReadonlySet<string>, contains?: ContainsLookup, { candidates = false }: { candidates?: boolean } = {}): CompiledFilter {
  const c: Ctx = { params: {}, bound: 0, arrayPaths, aliases: 0, contains, negated: false, unbounded: 0, walks: false, conjunct: true, wantsCandidates: candidates };
  const sql = compileNode(c, node);
  return { sql, params: c.params, commonPatternsOnly: c.unbounded === 0, walksMatches: c.walks, ...(c.candidates ? { candidates: c.candidates } : {}) };
}

/** The ORDER BY expression for a field: the same json_extract an index declares. */
export const sortExpression = (field: string): string => columnOrJsonPath(field);

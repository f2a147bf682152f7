// Bounds on the shape of what a caller sends to an app's database (issue 36): how deep a query or
// a field's value nests, how many conditions a query tests and values its $in or $nin lists, how
// many records a relation or upload list points at. Nesting is checked first, by a walk that keeps
// its own stack, before anything walks the input recursively (the other checks here, the grammar,
// the JSON-schema checks, the engines), so no input can exhaust the server's; past a bound the
// answer is a 400 naming it. Shared with the browser, whose document form declares the list bound
// as maxItems.

/** Levels a query, or a field's value, may nest: each object or list is one (`{"a":[1]}` is 2). */
export const MAX_NESTING_DEPTH = 32;

/** Values one `$in` or `$nin` of a query or a rule may list. */
export const MAX_LIST_VALUES = 500;

/**
 * Conditions (a field's equality, or each of its operators) a query or a rule may test. A scan no
 * index serves tests them on every row, on SQLite on the server's thread: 20 ms a condition per
 * 100,000 documents, so `$or` of 500 held it 10 s. A `$in` is one condition however long.
 */
export const MAX_QUERY_CONDITIONS = 20;

/** Items a relation or upload list may hold in one document (each is looked up on every write). */
export const MAX_REFERENCE_ITEMS = 500;

/** Whether a list of `itemType` is one MAX_REFERENCE_ITEMS bounds: relations and uploads. */
export const isReferenceType = (itemType: string): boolean => itemType === 'relation' || itemType === 'media';

/** Characters of a query as JSON: the list's `query` parameter, a rule's filter, a live subscription's query. */
export const MAX_QUERY_LENGTH = 4000;

/** Whether `value` nests more than `max` levels of objects and lists, walked without recursion. */
export function nestsDeeperThan(value: unknown, max: number = MAX_NESTING_DEPTH): boolean {
  const pending: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { item, depth } = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) pending.push({ item: child, depth: depth + 1 });
    }
  }
  return false;
}

export const INPUT_LIMIT_MESSAGES = {
  tooDeep: (what: string): string => `${what} nests more than ${MAX_NESTING_DEPTH} levels of objects and lists; at most ${MAX_NESTING_DEPTH} are allowed`,
  tooManyValues: ({ field, op, count }: { field: string; op: string; count: number }): string =>
    `${field ? `${field}: ` : ''}${op} lists ${count.toLocaleString('en-US')} values; at most ${MAX_LIST_VALUES} are allowed`,
  /** After the field's name: `Items holds 600 items; ...`. */
  tooManyItems: (count: number): string => `holds ${count.toLocaleString('en-US')} items; at most ${MAX_REFERENCE_ITEMS} are allowed`,
  tooManyConditions: (count: number): string => `the filter tests ${count.toLocaleString('en-US')} conditions; at most ${MAX_QUERY_CONDITIONS} are allowed (a $in of the values counts as one)`,
  tooLong: (length: number): string => `the query is ${length.toLocaleString('en-US')} characters long as JSON; at most ${MAX_QUERY_LENGTH} are allowed`,
};

/** The first $in or $nin past the bound, under the field it tests (`$not` and `$and`/`$or` keep the field above). */
function listProblem(value: unknown, field: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = listProblem(item, field);
      if (problem) return problem;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if ((key === '$in' || key === '$nin') && Array.isArray(item) && item.length > MAX_LIST_VALUES) return INPUT_LIMIT_MESSAGES.tooManyValues({ field, op: key, count: item.length });
    const problem = listProblem(item, key.startsWith('$') ? field : key);
    if (problem) return problem;
  }
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field's tests: each operator (those under `$not` counted as themselves; `$options` goes with `$regex`), or one equality. */
function testsOf(condition: unknown): number {
  if (!isObject(condition)) return 1;
  const keys = Object.keys(condition);
  if (keys.length === 0 || !keys.every((key) => key.startsWith('$'))) return 1;
  return keys.reduce((sum, key) => sum + (key === '$options' ? 0 : key === '$not' ? testsOf(condition.$not) : 1), 0);
}

/** The conditions a filter tests, through `$and` and `$or`. */
function conditionsOf(filter: unknown): number {
  if (!isObject(filter)) return 0;
  return Object.entries(filter).reduce((sum, [key, value]) => {
    if (key !== '$and' && key !== '$or') return sum + testsOf(value);
    return sum + (Array.isArray(value) ? value.reduce((inner: number, item) => inner + conditionsOf(item), 0) : 0);
  }, 0);
}

/**
 * What makes a query (a filter as parsed JSON, not yet checked against the grammar) too big to
 * run, or undefined: its nesting first, so the walks of its conditions and lists (and every later
 * walk) recurse at most MAX_NESTING_DEPTH deep.
 */
export function queryLimitProblem(filter: unknown): string | undefined {
  if (nestsDeeperThan(filter)) return INPUT_LIMIT_MESSAGES.tooDeep('the filter');
  const conditions = conditionsOf(filter);
  if (conditions > MAX_QUERY_CONDITIONS) return INPUT_LIMIT_MESSAGES.tooManyConditions(conditions);
  return listProblem(filter, '');
}

// `expand` on the public list and get (issue 28, item 3): relation fields whose documents are
// answered under `expand` beside the ids (`{product: "p1", expand: {product: {...}}}`), a field of
// the related collection after a dot (two levels), at most 10 relations. Each related document
// passes the caller's view rule of its own collection (rules/) or is left out, which is no error.
// One read per relation per page, whatever the number of rows: the ids of every row at once.
// An answer carries at most EXPAND_MAX_RECORDS related records and EXPAND_MAX_BYTES of them (issue
// 36: 100 rows of 10 relations, two levels deep, each holding 20, answered 19 MB and held the
// server for seconds): each related record counts every time it appears, checked before each read
// and again on what it found, so a refusal costs at most the reads within the bounds.
import type { AppContext } from '../../../context';
import { ValidationError } from '../../../http/errors';
import { itemType, isArrayField } from '../field-types/array';
import { dbCollections, documentStore } from '../model';
import type { CollectionDoc, DbDocument, Field } from '../model';
import { referencedIds } from '../references';
import { isAnswered, viewDocument } from '../view';
import type { Caller } from './callers';
import { ruleFilter, within } from './rules';

export const EXPAND_MAX_RELATIONS = 10;
export const EXPAND_MAX_DEPTH = 2;
/** Related records one answer may carry, at every level, each counted where it appears. */
export const EXPAND_MAX_RECORDS = 1000;
/** Bytes of those records as JSON (without what they expand in turn, which counts on its own). */
export const EXPAND_MAX_BYTES = 1024 * 1024;

export const EXPAND_MESSAGES = {
  tooMany: (expand: string): string =>
    `Cannot expand ${expand}: the answer would carry more than ${EXPAND_MAX_RECORDS.toLocaleString('en-US')} related records (each counted where it appears); ask for a smaller limit or fewer relations in expand`,
  tooBig: (expand: string): string =>
    `Cannot expand ${expand}: the related records would come to more than ${EXPAND_MAX_BYTES.toLocaleString('en-US')} bytes; ask for a smaller limit or fewer relations in expand`,
};

/** Field name to the fields expanded below it. */
type ExpandTree = Map<string, Set<string>>;

const refused = (message: string): ValidationError => new ValidationError(message, { 'query.expand': message });

/**
 * Names as the live document declares them (a list of distinct names, at most 10): a name listed
 * twice or an 11th is refused, as the schema refuses it. `a.b` expands `a` too without naming it.
 */
function expandTree(text: string): ExpandTree {
  const tree: ExpandTree = new Map();
  const paths = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (paths.length > EXPAND_MAX_RELATIONS) throw refused(`Cannot expand ${paths.length} relations: at most ${EXPAND_MAX_RELATIONS}`);
  const twice = paths.find((path, index) => paths.indexOf(path) !== index);
  if (twice !== undefined) throw refused(`Cannot expand ${twice} twice`);
  for (const path of paths) {
    const [first, second, ...deeper] = path.split('.');
    if (deeper.length > 0) throw refused(`Cannot expand ${path}: at most ${EXPAND_MAX_DEPTH} levels`);
    const children = tree.get(first) ?? new Set<string>();
    if (second !== undefined) children.add(second);
    tree.set(first, children);
  }
  return tree;
}

function relationField({ collection, name }: { collection: CollectionDoc; name: string }): Field {
  const field = collection.attributes.find((candidate) => candidate.name === name);
  if (!field || itemType(field) !== 'relation' || !isAnswered(field, 'public') || !field.relation) throw refused(`Cannot expand ${name}: it is not a relation field of ${collection.name}`);
  return field;
}

/** What the answer's related records come to so far, against the bounds. */
interface Budget {
  expand: string;
  records: number;
  bytes: number;
}

interface Level {
  ctx: AppContext;
  appId: string;
  caller: Caller;
  collection: CollectionDoc;
  docs: DbDocument[];
  /** How many times each of `docs` appears in the answer (1 for a page's rows). */
  weights: number[];
  tree: ExpandTree;
  budget: Budget;
}

/** Each id of the relation, by the times it appears in the answer; refused past the records' bound before anything is read. */
function namedIds({ level, field }: { level: Level; field: Field }): Map<string, number> {
  const named = new Map<string, number>();
  level.docs.forEach((doc, at) => {
    const ids = referencedIds(doc[field.name]);
    for (const id of isArrayField(field) ? ids : ids.slice(0, 1)) named.set(id, (named.get(id) ?? 0) + level.weights[at]);
  });
  for (const times of named.values()) level.budget.records += times;
  if (level.budget.records > EXPAND_MAX_RECORDS) throw refused(EXPAND_MESSAGES.tooMany(level.budget.expand));
  return named;
}

/** Charges the records found at their JSON's size, each as many times as it appears. */
function chargeBytes({ budget, found, named }: { budget: Budget; found: DbDocument[]; named: Map<string, number> }): void {
  for (const doc of found) budget.bytes += Buffer.byteLength(JSON.stringify(doc)) * (named.get(doc._id) ?? 0);
  if (budget.bytes > EXPAND_MAX_BYTES) throw refused(EXPAND_MESSAGES.tooBig(budget.expand));
}

/** The related documents the caller may view, expanded below in turn, by id. */
async function relatedById({ level, field, children }: { level: Level; field: Field; children: Set<string> }): Promise<Map<string, DbDocument>> {
  const { ctx, appId, caller } = level;
  const target = await dbCollections(ctx).findOne({ appId, name: field.relation as string });
  if (!target) return new Map();
  const below: ExpandTree = new Map([...children].map((name) => [relationField({ collection: target, name }).name, new Set<string>()]));
  const scope = ruleFilter({ collection: target, rule: 'view', caller });
  if (scope.allow === 'none') return new Map();
  const named = namedIds({ level, field });
  if (named.size === 0) return new Map();
  const found = await documentStore(ctx, target._id).find(within({ _id: { $in: [...named.keys()] } }, scope));
  const viewed = found.map((doc) => viewDocument({ doc, collection: target, view: 'public' }));
  chargeBytes({ budget: level.budget, found: viewed, named });
  const weights = viewed.map((doc) => named.get(doc._id) ?? 0);
  const expanded = below.size > 0 ? await expandLevel({ ...level, collection: target, docs: viewed, weights, tree: below }) : viewed;
  return new Map(expanded.map((doc) => [doc._id, doc]));
}

async function expandLevel(level: Level): Promise<DbDocument[]> {
  const fields = [...level.tree].map(([name, children]) => ({ field: relationField({ collection: level.collection, name }), children }));
  const expansions = await Promise.all(fields.map(async ({ field, children }) => ({ field, byId: await relatedById({ level, field, children }) })));
  return level.docs.map((doc) => {
    const expand: Record<string, DbDocument | DbDocument[]> = {};
    for (const { field, byId } of expansions) {
      const ids = referencedIds(doc[field.name]);
      if (isArrayField(field)) expand[field.name] = ids.flatMap((id) => byId.get(id) ?? []);
      else if (ids[0] !== undefined && byId.has(ids[0])) expand[field.name] = byId.get(ids[0]) as DbDocument;
    }
    return { ...doc, expand };
  });
}

export async function expandPublic({ ctx, appId, collection, caller, docs, expand }: Omit<Level, 'tree' | 'weights' | 'budget'> & { expand?: string }): Promise<DbDocument[]> {
  if (!expand?.trim()) return docs;
  const tree = expandTree(expand);
  return expandLevel({ ctx, appId, caller, collection, docs, weights: docs.map(() => 1), tree, budget: { expand: expand.trim(), records: 0, bytes: 0 } });
}

// `expand` on the public list and get (issue 28, item 3): relation fields whose documents are
// answered under `expand` beside the ids (`{product: "p1", expand: {product: {...}}}`), a field of
// the related collection after a dot (two levels), at most 10 relations. Each related document
// passes the caller's view rule of its own collection (rules/) or is left out, which is no error.
// One read per relation per page, whatever the number of rows: the ids of every row at once.
import type { AppContext } from '../../../context';
import { ValidationError } from '../../../http/errors';
import { itemType, isArrayField } from '../field-types/array';
import { dbCollections, documentStore } from '../model';
import type { CollectionDoc, DbDocument, Field } from '../model';
import { isAnswered, viewDocument } from '../view';
import type { Caller } from './callers';
import { ruleFilter, within } from './rules';

export const EXPAND_MAX_RELATIONS = 10;
export const EXPAND_MAX_DEPTH = 2;

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

const idsIn = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

interface Level {
  ctx: AppContext;
  appId: string;
  caller: Caller;
  collection: CollectionDoc;
  docs: DbDocument[];
  tree: ExpandTree;
}

/** The related documents the caller may view, expanded below in turn, by id. */
async function relatedById({ level, field, children }: { level: Level; field: Field; children: Set<string> }): Promise<Map<string, DbDocument>> {
  const { ctx, appId, caller, docs } = level;
  const target = await dbCollections(ctx).findOne({ appId, name: field.relation as string });
  if (!target) return new Map();
  const below: ExpandTree = new Map([...children].map((name) => [relationField({ collection: target, name }).name, new Set<string>()]));
  const scope = ruleFilter({ collection: target, rule: 'view', caller });
  const ids = [...new Set(docs.flatMap((doc) => idsIn(doc[field.name])))];
  if (scope.allow === 'none' || ids.length === 0) return new Map();
  const found = await documentStore(ctx, target._id).find(within({ _id: { $in: ids } }, scope));
  const viewed = found.map((doc) => viewDocument({ doc, collection: target, view: 'public' }));
  const expanded = below.size > 0 ? await expandLevel({ ...level, collection: target, docs: viewed, tree: below }) : viewed;
  return new Map(expanded.map((doc) => [doc._id, doc]));
}

async function expandLevel(level: Level): Promise<DbDocument[]> {
  const fields = [...level.tree].map(([name, children]) => ({ field: relationField({ collection: level.collection, name }), children }));
  const expansions = await Promise.all(fields.map(async ({ field, children }) => ({ field, byId: await relatedById({ level, field, children }) })));
  return level.docs.map((doc) => {
    const expand: Record<string, DbDocument | DbDocument[]> = {};
    for (const { field, byId } of expansions) {
      const ids = idsIn(doc[field.name]);
      if (isArrayField(field)) expand[field.name] = ids.flatMap((id) => byId.get(id) ?? []);
      else if (ids[0] !== undefined && byId.has(ids[0])) expand[field.name] = byId.get(ids[0]) as DbDocument;
    }
    return { ...doc, expand };
  });
}

export async function expandPublic({ ctx, appId, collection, caller, docs, expand }: Omit<Level, 'tree'> & { expand?: string }): Promise<DbDocument[]> {
  if (!expand?.trim()) return docs;
  return expandLevel({ ctx, appId, caller, collection, docs, tree: expandTree(expand) });
}

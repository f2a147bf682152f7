// The options of a declared resource that fit an existing area's contract (docs/extending.md,
// "Options"): which actions exist and how each is called and answered, the id parameter, a
// parent record inside the scope (optionally holding the records in one of its lists), the
// path parameters and schemas it reuses, its hooks and its webhook events. Parsed with the
// rest of the declaration (rules/resource-declaration.ts); a wrong value or an unknown key fails
// `npm run generate`.
import { knownKeysHint } from './openapi-refusal';

export type ResourceAction = 'list' | 'get' | 'create' | 'update' | 'delete';
export type ResourceMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export const RESOURCE_ACTIONS: readonly ResourceAction[] = ['list', 'get', 'create', 'update', 'delete'];

export interface ActionOptions {
  operationId: string;
  method: ResourceMethod;
  /** The success status. */
  status: number;
  /** The envelope's message on success; absent: the pipeline's default. */
  message?: string;
  /** The 404 text of a missing record (get, update, delete). */
  notFound: string;
  summary?: string;
  description?: string;
  /** Update: the body is the whole record (fields it does not send are dropped) rather than the fields to change. */
  replace: boolean;
  /** OpenAPI links of the success response, as written (e.g. from a created record to its other operations). */
  links?: Record<string, unknown>;
}

export interface ListOptions {
  /** `page`: the envelope {items, total, page, pages, limit}; `array`: every record of the scope, as a plain list. */
  shape: 'page' | 'array';
  /** The order when no `?sort` is asked: a field, a leading - for descending. */
  sort: string;
}

/** A record the path names inside the scope, which every record of the resource belongs to. */
export interface ResourceParent {
  /** The path parameter holding its id. */
  parameter: string;
  collection: string;
  /** The 404 text when it is missing or outside the caller's scope. */
  notFound: string;
  /** The parent's list the records are kept in (embedded storage); absent: the resource's own collection, tied by a `parameter` field. */
  embedded?: string;
}

/** Existing schemas the operations use instead of generated ones. */
export interface ReusedSchemas {
  input?: string;
  update?: string;
  envelope?: string;
  /** The list's answer (a page or an array envelope). */
  list?: string;
}

export interface RawOptions {
  actions?: Record<string, unknown>;
  id?: unknown;
  parent?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
  schemas?: Record<string, unknown>;
  tag?: unknown;
  hooks?: unknown;
  events?: unknown;
}

const METHODS: Record<ResourceAction, ResourceMethod[]> = { list: ['get'], get: ['get'], create: ['post', 'put'], update: ['patch', 'put'], delete: ['delete'] };
const STATUSES: Record<ResourceAction, number[]> = { list: [200], get: [200], create: [201, 200], update: [200], delete: [200] };
const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const OPERATION_ID = /^[a-z][A-Za-z0-9]*$/;
const ACTION_KEYS = ['operationId', 'method', 'status', 'message', 'notFound', 'summary', 'description', 'replace', 'links'] as const;
/** The list alone has a shape and a default order. */
const LIST_KEYS = [...ACTION_KEYS, 'shape', 'sort'] as const;
const PARENT_KEYS = ['parameter', 'collection', 'notFound', 'embedded'] as const;

type Fail = (message: string) => never;

/** Refuses a key `known` does not hold, naming where and the likely one: a misspelt option would otherwise be dropped without a word. */
export function refuseUnknownKeys({ raw, known, what, fail }: { raw: unknown; known: readonly string[]; what: string; fail: Fail }): void {
  if (raw === undefined) return;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(`${what} must be a map of options`);
  for (const key of Object.keys(raw as object)) if (!known.includes(key)) fail(`${what}: unknown option ${key} (${knownKeysHint({ key, known })})`);
}

const text = (value: unknown, where: string, fail: Fail): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' && value.trim() !== '' ? value : fail(`${where} must be text`);

function parseAction({ action, raw, fail, defaults }: { action: ResourceAction; raw: unknown; fail: Fail; defaults: ActionOptions }): ActionOptions {
  const given = raw === true || raw === null ? {} : raw;
  if (typeof given !== 'object' || Array.isArray(given)) return fail(`actions.${action} must be a map of options`);
  const options = given as Record<string, unknown>;
  refuseUnknownKeys({ raw: options, known: action === 'list' ? LIST_KEYS : ACTION_KEYS, what: `actions.${action}`, fail });
  const operationId = text(options.operationId, `actions.${action}.operationId`, fail) ?? defaults.operationId;
  if (!OPERATION_ID.test(operationId)) fail(`actions.${action}.operationId must be camelCase letters and digits`);
  const method = options.method ?? defaults.method;
  if (!METHODS[action].includes(method as ResourceMethod)) fail(`actions.${action}.method must be one of ${METHODS[action].join(', ')}`);
  const status = options.status ?? defaults.status;
  if (!STATUSES[action].includes(status as number)) fail(`actions.${action}.status must be one of ${STATUSES[action].join(', ')}`);
  // A delete has no record to answer, so its default message says what happened ("Note deleted").
  const message = text(options.message, `actions.${action}.message`, fail) ?? defaults.message;
  const summary = text(options.summary, `actions.${action}.summary`, fail);
  const description = text(options.description, `actions.${action}.description`, fail);
  const replace = options.replace ?? false;
  if (typeof replace !== 'boolean' || (replace && action !== 'update')) fail(`actions.${action}.replace must be true or false, on update only`);
  const links = options.links;
  if (links !== undefined && (typeof links !== 'object' || links === null || Array.isArray(links))) fail(`actions.${action}.links must be a map of OpenAPI links`);
  return {
    operationId,
    method: method as ResourceMethod,
    status: status as number,
    notFound: text(options.notFound, `actions.${action}.notFound`, fail) ?? defaults.notFound,
    replace: replace as boolean,
    ...(links ? { links: links as Record<string, unknown> } : {}),
    ...(message ? { message } : {}),
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
  };
}

/** The declared actions (all five when `actions` is absent), each with its call and answers. */
export function parseActions({ raw, fail, defaults }: { raw: Record<string, unknown> | undefined; fail: Fail; defaults: (action: ResourceAction) => ActionOptions }): Partial<Record<ResourceAction, ActionOptions>> {
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) return fail('actions must be a map of action to options');
  const given = raw ?? Object.fromEntries(RESOURCE_ACTIONS.map((action) => [action, {}]));
  const parsed: Partial<Record<ResourceAction, ActionOptions>> = {};
  for (const [action, options] of Object.entries(given)) {
    if (!RESOURCE_ACTIONS.includes(action as ResourceAction)) fail(`actions: unknown action ${action} (one of ${RESOURCE_ACTIONS.join(', ')})`);
    parsed[action as ResourceAction] = parseAction({ action: action as ResourceAction, raw: options, fail, defaults: defaults(action as ResourceAction) });
  }
  if (Object.keys(parsed).length === 0) fail('actions must name at least one action');
  return parsed;
}

export function parseListOptions({ raw, fail, sortable }: { raw: unknown; fail: Fail; sortable: (field: string) => boolean }): ListOptions {
  const options = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const shape = options.shape ?? 'page';
  if (shape !== 'page' && shape !== 'array') fail('actions.list.shape must be page or array');
  const sort = options.sort ?? '-created';
  if (typeof sort !== 'string' || !sortable(sort.replace(/^-/, ''))) fail('actions.list.sort must name a property, with a leading - for descending');
  return { shape: shape as ListOptions['shape'], sort: sort as string };
}

export function parseParent({ raw, fail }: { raw: Record<string, unknown> | undefined; fail: Fail }): ResourceParent | undefined {
  if (raw === undefined) return undefined;
  const name = (key: string): string => (typeof raw[key] === 'string' && NAME.test(raw[key] as string) ? (raw[key] as string) : fail(`parent.${key} must be a name of letters, digits, _ and -`));
  refuseUnknownKeys({ raw, known: PARENT_KEYS, what: 'parent', fail });
  return {
    parameter: name('parameter'),
    collection: name('collection'),
    notFound: text(raw.notFound, 'parent.notFound', fail) ?? fail('parent.notFound must be text'),
    ...(raw.embedded === undefined ? {} : { embedded: name('embedded') }),
  };
}

/** A map of names to names (path parameter -> components/parameters entry, role -> schema). */
export function parseNames({ raw, keys, what, fail }: { raw: Record<string, unknown> | undefined; keys?: readonly string[]; what: string; fail: Fail }): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (keys && !keys.includes(key)) fail(`${what}: unknown key ${key} (${knownKeysHint({ key, known: keys })})`);
    names[key] = typeof value === 'string' && NAME.test(value) ? value : fail(`${what}.${key} must name a component`);
  }
  return names;
}

/** A hook module's name: a file of server/resources/hooks/, kebab case. */
export function parseHooks({ raw, fail }: { raw: unknown; fail: Fail }): string | undefined {
  if (raw === undefined) return undefined;
  return typeof raw === 'string' && /^[a-z][a-z0-9-]*$/.test(raw) ? raw : fail('hooks must name a module of server/resources/hooks/ in kebab case');
}

// A declared resource (a rule shared by the server, the generator and the screens): an entity schema in openapi/ with an `x-resource` block says where its
// records live, who owns them and how they are listed; `npm run generate` expands it into
// ordinary operations (scripts/expand-resources.ts) that the generic handlers serve
// (server/resources/handlers.ts). docs/extending.md is the walk-through.
import { PROJECT_ROLE_RANK } from './workspace-roles';
import type { ProjectRole } from './workspace-roles';
import { API_PATH_PREFIXES, isApiPath } from './api-paths';
import { knownKeysHint, OpenApiRefusal } from './openapi-refusal';
import { parseActions, parseHooks, parseListOptions, parseNames, parseParent, RESOURCE_ACTIONS, refuseUnknownKeys } from './resource-options';
import type { ActionOptions, ListOptions, RawOptions, ResourceAction, ResourceMethod, ResourceParent, ReusedSchemas } from './resource-options';

export type { ActionOptions, ResourceAction, ResourceMethod, ResourceParent } from './resource-options';
export { RESOURCE_ACTIONS } from './resource-options';
export type ResourceScope = 'user' | 'project' | 'app';

export interface ResourceDeclaration {
  /** The entity schema's name, e.g. Announcement. */
  name: string;
  plural: string;
  collection: string;
  /** The list path; one record is at `${path}/{id}`. */
  path: string;
  scope: ResourceScope;
  /** Project scope: the least project role of each action (spec 003 ranks). */
  roles: Record<ResourceAction, ProjectRole>;
  search: string[];
  sort: string[];
  filter: string[];
  /** Field -> the collection its value is an id of (a record the caller can reach in the same scope). */
  relations: Record<string, string>;
  screen?: { menu: string; title: string; icon?: string };
  /** The declared actions only; all five unless `actions` names fewer. */
  actions: Partial<Record<ResourceAction, ActionOptions>>;
  list: ListOptions;
  /** The path parameter of one record: `${path}/{idParameter}`. */
  idParameter: string;
  parent?: ResourceParent;
  /** Path parameter -> the components/parameters entry that describes it (else generated). */
  parameters: Record<string, string>;
  schemas: ReusedSchemas;
  tag?: string;
  /** A module of server/resources/hooks/. */
  hooks?: string;
  /** App scope: writes emit `<resource>.created`, `.updated`, `.deleted` webhook events. */
  events: boolean;
}

interface RawDeclaration extends RawOptions {
  collection?: unknown;
  path?: unknown;
  scope?: unknown;
  plural?: unknown;
  roles?: Record<string, unknown>;
  search?: unknown;
  sort?: unknown;
  filter?: unknown;
  relations?: Record<string, unknown>;
  screen?: { menu?: unknown; title?: unknown; icon?: unknown };
}

export interface EntitySchema {
  'x-resource'?: RawDeclaration;
  properties?: Record<string, { readOnly?: boolean; type?: unknown }>;
  required?: string[];
}

/** The path parameter that names the scope's owner record. */
export const SCOPE_PARAMETER: Record<ResourceScope, string | undefined> = { user: undefined, project: 'projectId', app: 'appId' };
/** The stored field that ties a record to its scope. */
export const SCOPE_FIELD: Record<ResourceScope, string> = { user: 'ownerId', project: 'projectId', app: 'appId' };
/** Read for any member, write for editors, delete for admins, unless the declaration says otherwise. */
const DEFAULT_ROLES: Record<ResourceAction, ProjectRole> = { list: 'viewer', get: 'viewer', create: 'editor', update: 'editor', delete: 'admin' };
const DEFAULT_METHOD: Record<ResourceAction, ResourceMethod> = { list: 'get', get: 'get', create: 'post', update: 'patch', delete: 'delete' };
const NAME = /^[A-Z][A-Za-z0-9]*$/;
/** Every key an `x-resource` block may hold: any other is a slip (`searchable` for `search`) that would silently drop a feature. */
const DECLARATION_KEYS = ['collection', 'path', 'scope', 'plural', 'roles', 'search', 'sort', 'filter', 'relations', 'screen', 'actions', 'id', 'parent', 'parameters', 'schemas', 'tag', 'hooks', 'events'] as const;
const SCREEN_KEYS = ['menu', 'title', 'icon'] as const;
const COLLECTION = /^[A-Za-z][A-Za-z0-9_-]*$/;

const strings = (value: unknown, where: string): string[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw new OpenApiRefusal(`${where} must be a list of property names`);
  return value as string[];
};

export function parseDeclaration({ name, schema }: { name: string; schema: EntitySchema }): ResourceDeclaration {
  const given: unknown = schema['x-resource'] ?? {};
  const at = `x-resource of ${name}`;
  const fail = (message: string): never => {
    throw new OpenApiRefusal(`${at}: ${message}`);
  };
  if (!NAME.test(name)) fail('the schema name must be PascalCase letters and digits');
  if (typeof given !== 'object' || given === null || Array.isArray(given)) fail('must be a map of options');
  const raw = given as RawDeclaration;
  for (const key of Object.keys(raw)) if (!(DECLARATION_KEYS as readonly string[]).includes(key)) fail(`unknown option ${key} (${knownKeysHint({ key, known: DECLARATION_KEYS })})`);
  const properties = schema.properties ?? {};
  const parent = parseParent({ raw: raw.parent, fail });
  // Embedded records live in their parent's document: its collection is theirs.
  const collection = parent?.embedded ? parent.collection : typeof raw.collection === 'string' && COLLECTION.test(raw.collection) ? raw.collection : fail('collection must be a name of letters, digits, _ and -');
  const scope = raw.scope === 'user' || raw.scope === 'project' || raw.scope === 'app' ? raw.scope : fail('scope must be user, project or app');
  const path = typeof raw.path === 'string' && isApiPath(raw.path) ? raw.path : fail(`path must start with ${API_PATH_PREFIXES.map((prefix) => `${prefix}/`).join(', ')}: the API's addresses`);
  const parameter = SCOPE_PARAMETER[scope];
  const allowed = [parameter, parent?.parameter].filter((one): one is string => one !== undefined);
  const parameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  for (const one of allowed) if (!parameters.includes(one)) fail(one === parameter ? `a ${scope} resource's path must hold {${one}}` : `the path must hold the parent's {${one}}`);
  if (parameters.some((one) => !allowed.includes(one))) fail(allowed.length > 0 ? `the path may hold only ${allowed.map((one) => `{${one}}`).join(' and ')}` : 'the path may hold no parameter');
  const idParameter = raw.id === undefined ? 'id' : typeof raw.id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(raw.id) && !allowed.includes(raw.id) ? raw.id : fail('id must be a camelCase parameter name not already in the path');
  const roles = { ...DEFAULT_ROLES };
  // Only a project has roles: a user's or an app's records are their owner's alone.
  if (raw.roles !== undefined && scope !== 'project') fail(`roles apply to a project resource only, not to scope ${scope}, whose records are their owner's alone`);
  for (const [action, role] of Object.entries(raw.roles ?? {})) {
    if (!(action in DEFAULT_ROLES)) fail(`roles: unknown action ${action}`);
    if (typeof role !== 'string' || !(role in PROJECT_ROLE_RANK)) fail(`roles.${action} must be one of ${Object.keys(PROJECT_ROLE_RANK).join(', ')}`);
    roles[action as ResourceAction] = role as ProjectRole;
  }
  const declared = (list: string[], what: string): string[] => {
    for (const field of list) if (!(field in properties) && field !== 'created' && field !== 'updated') fail(`${what} names ${field}, which is not a property`);
    return list;
  };
  const relations: Record<string, string> = {};
  for (const [field, target] of Object.entries(raw.relations ?? {})) {
    declared([field], 'relations');
    relations[field] = typeof target === 'string' && COLLECTION.test(target) ? target : fail(`relations.${field} must name a collection`);
  }
  refuseUnknownKeys({ raw: raw.screen, known: SCREEN_KEYS, what: 'screen', fail });
  const screen = raw.screen
    ? {
        menu: typeof raw.screen.menu === 'string' ? raw.screen.menu : fail('screen.menu must be text'),
        title: typeof raw.screen.title === 'string' ? raw.screen.title : fail('screen.title must be text'),
        ...(typeof raw.screen.icon === 'string' ? { icon: raw.screen.icon } : {}),
      }
    : undefined;
  const plural = raw.plural === undefined ? `${name}s` : typeof raw.plural === 'string' && NAME.test(raw.plural) ? raw.plural : fail('plural must be PascalCase letters and digits, e.g. Categories');
  const label = nameWords(name);
  const actions = parseActions({
    raw: raw.actions,
    fail,
    defaults: (action) => ({ operationId: operationIdOf({ name, plural }, action), method: DEFAULT_METHOD[action], status: action === 'create' ? 201 : 200, notFound: `${label} not found`, replace: false, ...(action === 'delete' ? { message: `${label} deleted` } : {}) }),
  });
  const events = raw.events ?? false;
  if (typeof events !== 'boolean') return fail('events must be true or false');
  if (events && scope !== 'app') fail('events are sent to an app\'s webhooks: only an app resource may declare them');
  if (parent?.embedded && actions.list) fail('an embedded resource has no list: its records are answered inside the parent');
  const hooks = parseHooks({ raw: raw.hooks, fail });
  const tag = raw.tag === undefined ? undefined : typeof raw.tag === 'string' && COLLECTION.test(raw.tag) ? raw.tag : fail('tag must be a name of letters, digits, _ and -');
  const list = parseListOptions({ raw: raw.actions?.list, fail, sortable: (field) => field in properties || field === 'created' || field === 'updated' });
  // A screen block the generated screens cannot honour would be dropped without a word.
  if (screen && !hasGeneratedScreen({ parent, idParameter, list, actions })) fail(SCREENLESS);
  return {
    name,
    plural,
    collection,
    path,
    scope,
    roles,
    search: declared(strings(raw.search, `${at}: search`), 'search'),
    sort: declared(strings(raw.sort, `${at}: sort`), 'sort'),
    filter: declared(strings(raw.filter, `${at}: filter`), 'filter'),
    relations,
    ...(screen ? { screen } : {}),
    actions,
    list,
    idParameter,
    ...(parent ? { parent } : {}),
    parameters: parseNames({ raw: raw.parameters, keys: [...allowed, idParameter], what: 'parameters', fail }),
    schemas: parseNames({ raw: raw.schemas, keys: ['input', 'update', 'envelope', 'list'], what: 'schemas', fail }),
    ...(tag ? { tag } : {}),
    ...(hooks ? { hooks } : {}),
    events,
  };
}

/**
 * The generated screen calls the five actions as generated, at the scope's own address: a resource
 * with fewer actions, another call shape or under a parent (app user notes) is shown by a
 * hand-written screen (the notes: by their app user's).
 */
export const hasGeneratedScreen = ({ parent, idParameter, list, actions }: Pick<ResourceDeclaration, 'parent' | 'idParameter' | 'list' | 'actions'>): boolean =>
  !parent && idParameter === 'id' && list.shape === 'page' && RESOURCE_ACTIONS.every((action) => actions[action]) && actions.create?.method === 'post' && actions.update?.method === 'patch';

const SCREENLESS =
  'screen is set, but only a resource with the five actions as generated (a page list, create by POST, update by PATCH, id as its parameter, no parent) gets a generated screen: remove screen, or show the records on a hand-written screen';

export function declaredResources(document: { components?: { schemas?: Record<string, EntitySchema> } }): ResourceDeclaration[] {
  return Object.entries(document.components?.schemas ?? {})
    .filter(([, schema]) => schema['x-resource'] !== undefined)
    .map(([name, schema]) => parseDeclaration({ name, schema }));
}

export const operationIdOf = (resource: Pick<ResourceDeclaration, 'name' | 'plural'>, action: ResourceAction): string =>
  action === 'list' ? `list${resource.plural}` : `${action}${resource.name}`;

/** A PascalCase or camelCase name in words: "ReleaseNote" -> "Release Note". */
export const nameWords = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
/** The same name for a path, a file or a tag: "ReleaseNotes" -> "release-notes". */
export const kebabName = (name: string): string => nameWords(name).replace(/ /g, '-').toLowerCase();

/**
 * Hand-written collections a declared relation may name besides the declared ones, by scope:
 * their records carry the scope's field, so the relation check finds them in the caller's scope.
 * forms/resource/relation-sources.ts gives each its picker. `npm run generate` refuses any other.
 */
export const HAND_WRITTEN_RELATIONS = { project: ['widgets'] } as const satisfies Partial<Record<ResourceScope, readonly string[]>>;

/** Fields every record has beside its declared ones, written by the server only. */
export const SERVER_FIELDS = ['id', 'created', 'updated'] as const;

/** A declared resource's webhook event type: "AppUserNote", "created" -> "app_user_note.created". */
export const eventTypeOf = (resource: Pick<ResourceDeclaration, 'name'>, change: 'created' | 'updated' | 'deleted'): string => `${kebabName(resource.name).replace(/-/g, '_')}.${change}`;

// `npm run generate` refuses a declaration that cannot work, naming the schema and the wrong
// value: the options that fit an existing contract, hooks and events (docs/extending.md, "Checks").
import { parseDeclaration } from '../../rules/resource-declaration';
import type { EntitySchema } from '../../rules/resource-declaration';
import { expandResources } from '../../scripts/expand-resources';
import { OpenApiRefusal } from '../../rules/openapi-refusal';

const APP_PATH = '/integrations/developer/apps/{appId}/users/{userId}/notes';
const properties = { id: { type: 'string' }, title: { type: 'string' } };
const note = (options: Record<string, unknown>): EntitySchema =>
  ({ type: 'object', properties, 'x-resource': { path: APP_PATH, scope: 'app', parent: { parameter: 'userId', collection: 'appUsers', notFound: 'App user not found', embedded: 'notes' }, actions: { create: {} }, ...options } }) as EntitySchema;

describe('a declaration refused by parsing', () => {
  it.each([
    ['an unknown action', { actions: { archive: {} } }, 'actions: unknown action archive (one of list, get, create, update, delete)'],
    ['an unknown action option', { actions: { create: { verb: 'post' } } }, 'actions.create: unknown option verb'],
    ['a method the action cannot have', { actions: { update: { method: 'post' } } }, 'actions.update.method must be one of patch, put'],
    ['a status the action cannot have', { actions: { delete: { status: 204 } } }, 'actions.delete.status must be one of 200'],
    ['an operationId that is no camelCase name', { actions: { create: { operationId: 'Create-Note' } } }, 'actions.create.operationId must be camelCase letters and digits'],
    ['an empty message', { actions: { create: { message: ' ' } } }, 'actions.create.message must be text'],
    ['no action', { actions: {} }, 'actions must name at least one action'],
    ['a list of an embedded resource', { actions: { list: {} } }, 'an embedded resource has no list'],
    ['a list of an unknown shape', { parent: undefined, collection: 'notes', path: '/integrations/developer/apps/{appId}/notes', actions: { list: { shape: 'table' } } }, 'actions.list.shape must be page or array'],
    ['a default sort on no property', { parent: undefined, collection: 'notes', path: '/integrations/developer/apps/{appId}/notes', actions: { list: { sort: '-size' } } }, 'actions.list.sort must name a property'],
    ['a path without the parent', { path: '/integrations/developer/apps/{appId}/notes' }, "the path must hold the parent's {userId}"],
    ['a path with another parameter', { path: `${APP_PATH}/{kind}` }, 'the path may hold only {appId} and {userId}'],
    ['an id already in the path', { id: 'userId' }, 'id must be a camelCase parameter name not already in the path'],
    ['a parent without its 404 text', { parent: { parameter: 'userId', collection: 'appUsers' } }, 'parent.notFound must be text'],
    ['a parent option it does not know', { parent: { parameter: 'userId', collection: 'appUsers', notFound: 'x', kind: 'list' } }, 'parent: unknown option kind'],
    ['a reused schema of an unknown role', { schemas: { body: 'NoteInput' } }, 'schemas: unknown key body (one of input, update, envelope, list)'],
    ['a reused parameter the path does not hold', { parameters: { planId: 'PlanId' } }, 'parameters: unknown key planId'],
    ['a hook name that is no module name', { hooks: 'App Notes' }, 'hooks must name a module of server/resources/hooks/ in kebab case'],
    ['events that are not true or false', { events: 'yes' }, 'events must be true or false'],
    ['a misspelt option, which would drop a feature silently', { searchable: ['title'] }, 'unknown option searchable (did you mean search?)'],
    ['an option of no kind', { colour: 'blue' }, 'unknown option colour (one of collection, path, scope, plural'],
    ['a misspelt screen option', { screen: { menu: 'app', titel: 'Notes' } }, 'screen: unknown option titel (did you mean title?)'],
    ['a list option on another action', { actions: { create: { shape: 'array' } } }, 'actions.create: unknown option shape'],
    ['a misspelt action option', { actions: { create: { mesage: 'Added' } } }, 'actions.create: unknown option mesage (did you mean message?)'],
    ['a misspelt parent option', { parent: { parameter: 'userId', collection: 'appUsers', notFound: 'x', embeded: 'notes' } }, 'parent: unknown option embeded (did you mean embedded?)'],
    ['a path outside the API, which the dev server would answer with the web app', { path: '/apps/{appId}/users/{userId}/notes' }, 'path must start with /api/, /integrations/, /nindo/api/'],
    ['roles on an app resource, which would be ignored', { roles: { delete: 'admin' } }, "roles apply to a project resource only, not to scope app, whose records are their owner's alone"],
    ['a plural that is no PascalCase name', { plural: 'launch checklists' }, 'plural must be PascalCase letters and digits, e.g. Categories'],
    ['a screen for a resource under a parent, which gets none (it would be dropped silently)', { screen: { menu: 'app', title: 'Notes' } }, 'screen is set, but only a resource with the five actions as generated'],
    [
      'a screen for a resource without every action',
      { parent: undefined, collection: 'notes', path: '/integrations/developer/apps/{appId}/notes', actions: { list: {}, create: {} }, screen: { menu: 'app', title: 'Notes' } },
      'screen is set, but only a resource with the five actions as generated',
    ],
  ])('%s', (_name, options, message) => {
    expect(() => parseDeclaration({ name: 'Note', schema: note(options) })).toThrow(`x-resource of Note: ${message}`);
    expect(() => parseDeclaration({ name: 'Note', schema: note(options) })).toThrow(OpenApiRefusal);
  });

  it('refuses events on a project resource: only an app has webhooks', () => {
    const schema = { properties, 'x-resource': { collection: 'notes', path: '/api/projects/{projectId}/notes', scope: 'project', events: true } } as EntitySchema;
    expect(() => parseDeclaration({ name: 'Note', schema })).toThrow("x-resource of Note: events are sent to an app's webhooks: only an app resource may declare them");
  });
});

describe('a declaration refused against the document', () => {
  const documentWith = (options: Record<string, unknown>) => ({
    paths: {},
    components: { schemas: { Note: note(options), NoteInput: { type: 'object' } }, parameters: { NoteUserId: { name: 'userId', in: 'path' } } },
  });

  it.each([
    ['a reused schema openapi/ does not declare', { schemas: { input: 'NoteBody' } }, 'schemas names NoteBody, which openapi/ does not declare'],
    ['a reused parameter of another name', { parameters: { appId: 'NoteUserId' } }, 'parameters.appId must name a path parameter called appId in components/parameters'],
    ['a hook with no module', { hooks: 'no-such-hooks' }, 'hooks names no-such-hooks, but server/resources/hooks/no-such-hooks.ts does not exist'],
    ['events with no WebhookEventType', { events: true }, 'events need the WebhookEventType enum in openapi/'],
  ])('%s', (_name, options, message) => {
    expect(() => expandResources(documentWith(options))).toThrow(`x-resource of Note: ${message}`);
  });

  it('refuses an operationId that openapi/ already declares', () => {
    const document = documentWith({ schemas: { input: 'NoteInput' }, actions: { create: { operationId: 'addNote' } } });
    (document.paths as Record<string, unknown>)['/elsewhere'] = { post: { operationId: 'addNote' } };
    expect(() => expandResources(document)).toThrow('x-resource of Note: the operationId addNote is already declared');
  });
});

describe('a relation', () => {
  const project = (collection: string, relations: Record<string, string> = {}): EntitySchema =>
    ({ properties: { id: { type: 'string' }, title: { type: 'string' }, milestoneId: { type: 'string' }, widgetId: { type: 'string' } }, 'x-resource': { collection, path: `/api/projects/{projectId}/${collection}`, scope: 'project', relations } }) as EntitySchema;
  const documentOf = (schemas: Record<string, EntitySchema>) => ({ paths: {}, components: { schemas } });

  it.each([
    ['a declared collection of the same scope', { milestoneId: 'milestones' }],
    ['a hand-written collection of the same scope', { widgetId: 'widgets' }],
    ['its own collection', { milestoneId: 'tasks' }],
  ])('may name %s', (_name, relations) => {
    expect(() => expandResources(documentOf({ Milestone: project('milestones'), Task: project('tasks', relations) }))).not.toThrow();
  });

  it('is refused at generate time when it names no collection of its scope, naming those it may', () => {
    const document = documentOf({ Milestone: project('milestones'), Task: project('tasks', { milestoneId: 'milestonez' }) });
    expect(() => expandResources(document)).toThrow(
      new OpenApiRefusal('x-resource of Task: relations.milestoneId names milestonez, which is no collection of project records (declared: milestones, tasks; hand-written: widgets)'),
    );
  });

  it("is refused when it names another scope's collection, whose records never match the scope", () => {
    const release = { properties: { id: { type: 'string' } }, 'x-resource': { collection: 'releases', path: '/integrations/developer/apps/{appId}/releases', scope: 'app' } } as EntitySchema;
    expect(() => expandResources(documentOf({ Release: release, Task: project('tasks', { milestoneId: 'releases' }) }))).toThrow('x-resource of Task: relations.milestoneId names releases, which is no collection of project records (declared: tasks; hand-written: widgets)');
  });
});

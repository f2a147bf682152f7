// The access table of every declared resource, derived from its declaration alone (its scope,
// roles, actions and parent) and checked against the server. It runs on openapi/ with the
// fixture's resources added (one per scope), so a resource a team declares in openapi/ (app user
// notes among them) is in this table with no test written for it.
import type { Express } from 'express';
import type { Response } from 'supertest';
import { createApp } from '../../server/app';
import { ensureIndexes } from '../../server/storage/indexes';
import { productIndexes } from '../../server/registry';
import { declaredResources, SCOPE_FIELD } from '../../rules/resource-declaration';
import type { ResourceAction, ResourceDeclaration } from '../../rules/resource-declaration';
import { schemaNames } from '../../scripts/expand-resources';
import { PROJECT_ROLE_RANK } from '../../rules/workspace-roles';
import type { ProjectRole } from '../../rules/workspace-roles';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import type { Agent } from '../helpers/accounts';
import { createAppAs, signInAs } from '../helpers/developer';
import { documentWithDeclaredResources } from '../fixtures/declared-document';
import { workspaceCast, workspaceProject } from '../workspace/fixtures';
import type { WorkspaceCast } from '../workspace/fixtures';

type Schema = { $ref?: string; type?: string; enum?: unknown[]; format?: string; pattern?: string; minimum?: number; minLength?: number; properties?: Record<string, Schema>; required?: string[] };

const { path: documentPath, document } = documentWithDeclaredResources();
const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
const resources = declaredResources(document as never);
const actionsOf = (resource: ResourceDeclaration): ResourceAction[] => Object.keys(resource.actions) as ResourceAction[];
const success = (resource: ResourceDeclaration, action: ResourceAction): number => resource.actions[action]?.status ?? 0;
/** The parent every record of a nested resource is made under, in the scope of the tests. */
const PARENT_ID = 'declared-parent';

/** A value the property's schema accepts, from what it declares (or the schema it refers to). */
function sample(schema: Schema): unknown {
  if (schema.$ref) return sample({ ...schemas[schema.$ref.replace('#/components/schemas/', '')], ...schema, $ref: undefined });
  if (schema.enum) return schema.enum[0];
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  return schema.pattern?.includes('https') ? 'https://example.com/page' : 'sample';
}

/** A body of every input the resource takes but optional relations (a hook may need more than the schema requires); a required relation cannot be made up here. */
function inputOf(resource: ResourceDeclaration): Record<string, unknown> {
  const input = schemas[schemaNames(resource).input];
  const required = input.required ?? [];
  const fields = Object.keys(input.properties ?? {}).flatMap((field) => {
    if (!(field in resource.relations)) return [[field, sample(input.properties?.[field] ?? {})] as const];
    if (required.includes(field)) throw new Error(`${resource.name}.${field}: a required relation needs its own test`);
    return [];
  });
  return Object.fromEntries(fields);
}

/** Who may act on the scope, and what each action answers them. */
interface Actor {
  name: string;
  agent: () => Agent;
  expected: (action: ResourceAction) => number;
}

let t: TestApp;
let app: Express;
let cast: WorkspaceCast;
const scopeIds: Record<string, string> = {};
let developer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  await ensureIndexes(t.ctx.store, productIndexes(document));
  app = createApp(t.ctx, { documentPath });
  t = { ...t, app };
  cast = await workspaceCast(t);
  scopeIds.projectId = (await workspaceProject({ t, cast })).projectId;
  developer = (await signInAs({ app, ctx: t.ctx, email: 'declared-developer@example.com' })).agent;
  scopeIds.appId = await createAppAs({ agent: developer });
  for (const resource of resources.filter((one) => one.parent)) {
    const scopeField = SCOPE_FIELD[resource.scope];
    await t.ctx.store.collection(resource.parent?.collection ?? '').insertOne({ _id: PARENT_ID, [scopeField]: scopeIds[resource.scope === 'app' ? 'appId' : 'projectId'] ?? '' });
  }
});
afterAll(() => t.close());

function actorsOf(resource: ResourceDeclaration): { owner: () => Agent; actors: Actor[] } {
  const everyone = (status: number) => () => status;
  const signedOut: Actor = { name: 'anyone signed out', agent: () => cast.agents.anonymous, expected: everyone(401) };
  if (resource.scope === 'project') {
    const member = (role: ProjectRole): Actor => ({ name: `a project ${role}`, agent: () => cast.agents[role], expected: (action) => (PROJECT_ROLE_RANK[role] >= PROJECT_ROLE_RANK[resource.roles[action]] ? success(resource, action) : 403) });
    return { owner: () => cast.agents.owner, actors: [signedOut, { name: 'a stranger', agent: () => cast.agents.stranger, expected: everyone(404) }, ...(['viewer', 'editor', 'admin', 'owner'] as const).map(member)] };
  }
  if (resource.scope === 'app') {
    return { owner: () => developer, actors: [signedOut, { name: 'a user who is not its developer', agent: () => cast.agents.stranger, expected: everyone(404) }, { name: 'its developer', agent: () => developer, expected: (action) => success(resource, action) }] };
  }
  // Another user lists their own (none of the owner's) and reaches none of the owner's records.
  const other = (action: ResourceAction): number => (action === 'list' || action === 'create' ? success(resource, action) : 404);
  return { owner: () => cast.agents.owner, actors: [signedOut, { name: 'another user', agent: () => cast.agents.stranger, expected: other }, { name: 'its owner', agent: () => cast.agents.owner, expected: (action) => success(resource, action) }] };
}

const base = (resource: ResourceDeclaration, parentId = PARENT_ID): string =>
  resource.path.replace(/\{(\w+)\}/g, (_whole, name: string) => (name === resource.parent?.parameter ? parentId : (scopeIds[name] ?? '')));

function call({ agent, resource, action, id, parentId }: { agent: Agent; resource: ResourceDeclaration; action: ResourceAction; id: string; parentId?: string }): Promise<Response> {
  const method = resource.actions[action]?.method ?? 'get';
  const url = action === 'list' || action === 'create' ? base(resource, parentId) : `${base(resource, parentId)}/${id}`;
  const sent = agent[method](url);
  return action === 'create' || action === 'update' ? sent.send(inputOf(resource)) : sent;
}

// The actors are known from the declaration alone; their agents are made before the tests run.
const CELLS = resources.flatMap((resource) => actionsOf(resource).flatMap((action) => actorsOf(resource).actors.map((actor) => ({ resource, action, actor, operationId: resource.actions[action]?.operationId }))));
const NESTED = resources.flatMap((resource) => actionsOf(resource).map((action) => ({ resource, action, operationId: resource.actions[action]?.operationId })).filter(({ resource: one }) => one.parent));

describe('declared resources, by their declarations', () => {
  it('covers a resource of every scope', () => {
    expect(new Set(resources.map((resource) => resource.scope))).toEqual(new Set(['user', 'project', 'app']));
  });

  it.each(CELLS)('$operationId by $actor.name', async ({ resource, action, actor }) => {
    const created = await actorsOf(resource).owner().post(base(resource)).send(inputOf(resource)).expect(201);
    const res = await call({ agent: actor.agent(), resource, action, id: created.body.data.id as string });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: actor.expected(action), message: expect.any(String) });
  });

  it.each(NESTED)('$operationId under a parent outside the scope answers the parent\'s 404', async ({ resource, action }) => {
    const created = await actorsOf(resource).owner().post(base(resource)).send(inputOf(resource)).expect(201);
    const res = await call({ agent: actorsOf(resource).owner(), resource, action, id: created.body.data.id as string, parentId: 'no-such-parent' });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: resource.parent?.notFound });
  });
});

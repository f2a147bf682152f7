// The access table of every declared resource, derived from its declaration alone (its scope
// and roles) and checked against the server. It runs on openapi/ with the fixture's resources
// added (one per scope), so a resource a team declares in openapi/ is in this table with no test
// written for it.
import type { Express } from 'express';
import type { Response } from 'supertest';
import { createApp } from '../../server/app';
import { ensureIndexes } from '../../server/storage/indexes';
import { declaredResources, operationIdOf } from '../../rules/resource-declaration';
import type { ResourceAction, ResourceDeclaration } from '../../rules/resource-declaration';
import { PROJECT_ROLE_RANK } from '../../rules/workspace-roles';
import type { ProjectRole } from '../../rules/workspace-roles';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import type { Agent } from '../helpers/accounts';
import { createAppAs, signInAs } from '../helpers/developer';
import { documentWithDeclaredResources } from '../fixtures/declared-document';
import { workspaceCast, workspaceProject } from '../workspace/fixtures';
import type { WorkspaceCast } from '../workspace/fixtures';

type Schema = { type?: string; enum?: unknown[]; format?: string; pattern?: string; minimum?: number; minLength?: number; properties?: Record<string, Schema>; required?: string[] };

const { path: documentPath, document } = documentWithDeclaredResources();
const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
const resources = declaredResources(document as never);
const ACTIONS: ResourceAction[] = ['list', 'get', 'create', 'update', 'delete'];
const SUCCESS: Record<ResourceAction, number> = { list: 200, get: 200, create: 201, update: 200, delete: 200 };

/** A value the property's schema accepts, from what it declares. */
function sample(schema: Schema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  return schema.pattern?.includes('https?') ? 'https://example.com/page' : 'sample';
}

/** A body of the resource's required inputs; a required relation cannot be made up here. */
function inputOf(resource: ResourceDeclaration): Record<string, unknown> {
  const input = schemas[`${resource.name}Input`];
  const fields = (input.required ?? []).map((field) => {
    if (field in resource.relations) throw new Error(`${resource.name}.${field}: a required relation needs its own test`);
    return [field, sample(input.properties?.[field] ?? {})] as const;
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
  await ensureIndexes(t.ctx.store, document);
  app = createApp(t.ctx, { documentPath });
  t = { ...t, app };
  cast = await workspaceCast(t);
  scopeIds.projectId = (await workspaceProject({ t, cast })).projectId;
  developer = (await signInAs({ app, ctx: t.ctx, email: 'declared-developer@example.com' })).agent;
  scopeIds.appId = await createAppAs({ agent: developer });
});
afterAll(() => t.close());

function actorsOf(resource: ResourceDeclaration): { owner: () => Agent; actors: Actor[] } {
  const everyone = (status: number) => () => status;
  const signedOut: Actor = { name: 'anyone signed out', agent: () => cast.agents.anonymous, expected: everyone(401) };
  if (resource.scope === 'project') {
    const member = (role: ProjectRole): Actor => ({ name: `a project ${role}`, agent: () => cast.agents[role], expected: (action) => (PROJECT_ROLE_RANK[role] >= PROJECT_ROLE_RANK[resource.roles[action]] ? SUCCESS[action] : 403) });
    return { owner: () => cast.agents.owner, actors: [signedOut, { name: 'a stranger', agent: () => cast.agents.stranger, expected: everyone(404) }, ...(['viewer', 'editor', 'admin', 'owner'] as const).map(member)] };
  }
  if (resource.scope === 'app') {
    return { owner: () => developer, actors: [signedOut, { name: 'a user who is not its developer', agent: () => cast.agents.stranger, expected: everyone(404) }, { name: 'its developer', agent: () => developer, expected: (action) => SUCCESS[action] }] };
  }
  // Another user lists their own (none of the owner's) and reaches none of the owner's records.
  const other = (action: ResourceAction): number => (action === 'list' || action === 'create' ? SUCCESS[action] : 404);
  return { owner: () => cast.agents.owner, actors: [signedOut, { name: 'another user', agent: () => cast.agents.stranger, expected: other }, { name: 'its owner', agent: () => cast.agents.owner, expected: (action) => SUCCESS[action] }] };
}

const base = (resource: ResourceDeclaration): string => resource.path.replace(/\{(\w+)\}/, (_whole, name: string) => scopeIds[name] ?? '');

function call({ agent, resource, action, id }: { agent: Agent; resource: ResourceDeclaration; action: ResourceAction; id: string }): Promise<Response> {
  const one = `${base(resource)}/${id}`;
  if (action === 'list') return agent.get(base(resource));
  if (action === 'create') return agent.post(base(resource)).send(inputOf(resource));
  if (action === 'get') return agent.get(one);
  if (action === 'update') return agent.patch(one).send(inputOf(resource));
  return agent.delete(one);
}

// The actors are known from the declaration alone; their agents are made before the tests run.
const CELLS = resources.flatMap((resource) => ACTIONS.flatMap((action) => actorsOf(resource).actors.map((actor) => ({ resource, action, actor, operationId: operationIdOf(resource, action) }))));

describe('declared resources, by their declarations', () => {
  it('covers a resource of every scope', () => {
    expect(new Set(resources.map((resource) => resource.scope))).toEqual(new Set(['user', 'project', 'app']));
  });

  it.each(CELLS)('$operationId by $actor.name', async ({ resource, action, actor }) => {
    const created = await actorsOf(resource).owner().post(base(resource)).send(inputOf(resource)).expect(201);
    const res = await call({ agent: actor.agent(), resource, action, id: created.body.data.id as string });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: actor.expected(action), message: expect.any(String) });
  });
});

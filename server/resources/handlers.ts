// The generic handlers of every declared resource, by operationId: the document's
// `x-resource-operation` says which resource and action each expanded operation is. The
// validator has checked the request against the generated schemas; here are the scope, the
// parent, the relations, the resource's hooks, the stored record, its events and its answer
// (projected by the response schema as usual).
import { randomUUID } from 'node:crypto';
import type { Handler, HandlerInput } from '../http/handler';
import { requireUserId } from '../http/handler';
import { NotFoundError } from '../http/errors';
import { declaredResources } from '../../rules/resource-declaration';
import type { ActionOptions, ResourceAction, ResourceDeclaration } from '../../rules/resource-declaration';
import { checkParent, scopeFilter } from './scope';
import { listFilter, listSort } from './list-filter';
import type { ListQuery } from './list-filter';
import { checkRelations } from './relations';
import { recordStore } from './records';
import type { ResourceRecord } from './record-store';
import { RESOURCE_HOOKS } from './hooks';
import type { ResourceHooks } from './hooks/types';
import { emitResourceEvent } from './events';
import type { ResourceChange } from './events';

type Input = HandlerInput<{ body?: unknown; path?: unknown; query?: unknown }>;

interface DocumentShape {
  components?: { schemas?: Record<string, object> };
  paths?: Record<string, Record<string, { operationId?: string; 'x-resource-operation'?: { resource: string; action: ResourceAction } }>>;
}

function hooksOf(resource: ResourceDeclaration): ResourceHooks {
  if (!resource.hooks) return {};
  const hooks = RESOURCE_HOOKS[resource.hooks];
  if (!hooks) throw new Error(`x-resource of ${resource.name}: no hooks named ${resource.hooks} in server/resources/hooks/index.ts`);
  return hooks;
}

function actions({ resource, fields }: { resource: ResourceDeclaration; fields: string[] }): Record<ResourceAction, (options: ActionOptions) => Handler> {
  const hooks = hooksOf(resource);
  const answer = (record: ResourceRecord) => (hooks.answer ? hooks.answer(record) : record);
  // An event carries what an answer would: the schema's properties only, never the stored internals.
  const announce = async ({ input, scope, change, record }: { input: Input; scope: Record<string, string>; change: ResourceChange; record: ResourceRecord }) => {
    const answered = answer(record) as Record<string, unknown>;
    await emitResourceEvent({ ctx: input.ctx, resource, scope, change, id: record.id, version: record.updated, payload: Object.fromEntries(fields.filter((field) => field in answered).map((field) => [field, answered[field]])) });
  };
  /** The caller's scope (and parent): 404 or 403 before anything is read or checked. */
  const reach = async (input: Input, action: ResourceAction) => {
    const path = (input.path ?? {}) as Record<string, string>;
    const scope = await scopeFilter({ ctx: input.ctx, resource, userId: requireUserId(input.req), path, action });
    const parentId = await checkParent({ ctx: input.ctx, resource, scope, path });
    // Records of their own collection are tied to the parent by a field of its parameter's name.
    const stored = parentId !== undefined && !resource.parent?.embedded ? { ...scope, [resource.parent?.parameter ?? '']: parentId } : scope;
    return { scope: stored, records: recordStore({ ctx: input.ctx, resource, scope: stored, parentId }), id: path[resource.idParameter] ?? '' };
  };
  const reply = (options: ActionOptions, data: unknown) => ({ data, status: options.status, ...(options.message ? { message: options.message } : {}) });
  return {
    list: (options) => async (input) => {
      const { scope, records } = await reach(input, 'list');
      const query = (input.query ?? {}) as ListQuery;
      const filter = listFilter({ resource, scope, query });
      const sort = listSort({ query, fallback: resource.list.sort });
      if (resource.list.shape === 'array') return reply(options, (await records.find(filter, { sort })).map(answer));
      const page = query.page ?? 1;
      const limit = query.limit ?? 20;
      const [items, total] = await Promise.all([records.find(filter, { sort, skip: (page - 1) * limit, limit }), records.count(filter)]);
      return reply(options, { items: items.map(answer), total, page, pages: Math.ceil(total / limit), limit });
    },
    get: (options) => async (input) => {
      const { records, id } = await reach(input, 'get');
      const found = await records.get(id);
      if (!found) throw new NotFoundError(options.notFound);
      return reply(options, answer(found));
    },
    create: (options) => async (input) => {
      const { scope, records } = await reach(input, 'create');
      const body = input.body as Record<string, unknown>;
      await checkRelations({ ctx: input.ctx, resource, scope, body });
      const fields = hooks.beforeCreate ? await hooks.beforeCreate({ ctx: input.ctx, scope, body }) : body;
      const record = await records.insert({ id: randomUUID(), ...fields });
      await hooks.afterCreate?.({ ctx: input.ctx, scope, record });
      await announce({ input, scope, change: 'created', record });
      return reply(options, answer(record));
    },
    update: (options) => async (input) => {
      const { scope, records, id } = await reach(input, 'update');
      const body = input.body as Record<string, unknown>;
      // A missing record is 404 whatever the body: its rules are checked on a record that exists.
      const existing = await records.get(id);
      if (!existing) throw new NotFoundError(options.notFound);
      await checkRelations({ ctx: input.ctx, resource, scope, body });
      const fields = hooks.beforeUpdate ? await hooks.beforeUpdate({ ctx: input.ctx, scope, id, body }) : body;
      const record = await records.update({ existing, fields, replace: options.replace });
      if (!record) throw new NotFoundError(options.notFound);
      await hooks.afterUpdate?.({ ctx: input.ctx, scope, record });
      await announce({ input, scope, change: 'updated', record });
      return reply(options, answer(record));
    },
    delete: (options) => async (input) => {
      const { scope, records, id } = await reach(input, 'delete');
      if (!(await records.remove(id))) throw new NotFoundError(options.notFound);
      await hooks.afterDelete?.({ ctx: input.ctx, scope, id });
      await announce({ input, scope, change: 'deleted', record: { id } });
      return reply(options, null);
    },
  };
}

/** operationId -> generic handler, for every operation the document expanded from a declaration. */
export function resourceHandlers(document: DocumentShape): Map<string, Handler> {
  const declared = new Map(declaredResources(document).map((resource) => [resource.name, resource]));
  const properties = (name: string) => Object.keys((document.components?.schemas?.[name] as { properties?: object } | undefined)?.properties ?? {});
  const byName = new Map([...declared.values()].map((resource) => [resource.name, actions({ resource, fields: properties(resource.name) })]));
  const handlers = new Map<string, Handler>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const marker = operation['x-resource-operation'];
      const resource = marker ? byName.get(marker.resource) : undefined;
      const options = marker ? declared.get(marker.resource)?.actions[marker.action] : undefined;
      if (marker && resource && options && operation.operationId) handlers.set(operation.operationId, resource[marker.action](options));
    }
  }
  return handlers;
}

// The generic handlers of every declared resource, by operationId: the document's
// `x-resource-operation` says which resource and action each expanded operation is. The
// validator has checked the request against the generated schemas; here are the scope, the
// relations, the stored record and its answer (projected by the response schema as usual).
import { randomUUID } from 'node:crypto';
import type { Handler, HandlerInput } from '../http/handler';
import { requireUserId } from '../http/handler';
import { NotFoundError } from '../http/errors';
import type { Doc } from '../storage/port';
import { declaredResources, nameWords } from '../../rules/resource-declaration';
import type { ResourceAction, ResourceDeclaration } from '../../rules/resource-declaration';
import { scopeFilter } from './scope';
import { listFilter, listSort } from './list-filter';
import type { ListQuery } from './list-filter';
import { checkRelations } from './relations';

type Input = HandlerInput<{ body?: unknown; path?: unknown; query?: unknown }>;

interface DocumentShape {
  components?: { schemas?: Record<string, object> };
  paths?: Record<string, Record<string, { operationId?: string; 'x-resource-operation'?: { resource: string; action: ResourceAction } }>>;
}

const answer = (doc: Doc): Record<string, unknown> => ({ ...doc, id: doc._id });

function actions(resource: ResourceDeclaration): Record<ResourceAction, Handler> {
  const label = nameWords(resource.name);
  const records = (input: Input) => input.ctx.store.collection(resource.collection);
  const scoped = async (input: Input, action: ResourceAction) =>
    scopeFilter({ ctx: input.ctx, resource, userId: requireUserId(input.req), path: (input.path ?? {}) as Record<string, string>, action });
  const idOf = (input: Input): string => (input.path as { id: string }).id;
  return {
    list: async (input) => {
      const scope = await scoped(input, 'list');
      const query = (input.query ?? {}) as ListQuery;
      const page = query.page ?? 1;
      const limit = query.limit ?? 20;
      const filter = listFilter({ resource, scope, query });
      const [items, total] = await Promise.all([records(input).find(filter, { sort: listSort({ query }), skip: (page - 1) * limit, limit }), records(input).count(filter)]);
      return { data: { items: items.map(answer), total, page, pages: Math.ceil(total / limit), limit } };
    },
    get: async (input) => {
      const found = await records(input).findOne({ _id: idOf(input), ...(await scoped(input, 'get')) });
      if (!found) throw new NotFoundError(`${label} not found`);
      return { data: answer(found) };
    },
    create: async (input) => {
      const scope = await scoped(input, 'create');
      const body = input.body as Record<string, unknown>;
      await checkRelations({ ctx: input.ctx, resource, scope, body });
      const now = input.ctx.now().toISOString();
      const doc = await records(input).insertOne({ ...body, ...scope, _id: randomUUID(), created: now, updated: now });
      return { data: answer(doc), status: 201 };
    },
    update: async (input) => {
      const scope = await scoped(input, 'update');
      const body = input.body as Record<string, unknown>;
      await checkRelations({ ctx: input.ctx, resource, scope, body });
      const updated = await records(input).findOneAndUpdate({ _id: idOf(input), ...scope }, { $set: { ...body, updated: input.ctx.now().toISOString() } });
      if (!updated) throw new NotFoundError(`${label} not found`);
      return { data: answer(updated) };
    },
    delete: async (input) => {
      const deleted = await records(input).deleteOne({ _id: idOf(input), ...(await scoped(input, 'delete')) });
      if (deleted === 0) throw new NotFoundError(`${label} not found`);
      return { data: null, message: `${label} deleted` };
    },
  };
}

/** operationId -> generic handler, for every operation the document expanded from a declaration. */
export function resourceHandlers(document: DocumentShape): Map<string, Handler> {
  const byName = new Map(declaredResources(document).map((resource) => [resource.name, actions(resource)]));
  const handlers = new Map<string, Handler>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const marker = operation['x-resource-operation'];
      const resource = marker ? byName.get(marker.resource) : undefined;
      if (marker && resource && operation.operationId) handlers.set(operation.operationId, resource[marker.action]);
    }
  }
  return handlers;
}

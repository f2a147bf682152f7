// The batch path of the live document (issue 28, item 4): one POST taking up to 100 creates,
// updates and deletes across the collections the caller may write, each operation typed by its
// collection's own bodies, so a generated client checks a batch like a single write.
import type { JsonSchemaObject } from '../../../../rules/json-schema';
import { BATCH_MAX_OPERATIONS, BATCH_MAX_RELATION_IDS } from './batch-limits';

const ref = (name: string): JsonSchemaObject => ({ $ref: `#/components/schemas/${name}` });

export interface BatchTarget {
  name: string;
  typeName: string;
  create: boolean;
  update: boolean;
  delete: boolean;
}

const ID = { type: 'string', minLength: 1, maxLength: 200 };
const IF_MATCH = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Only while the document still has this version (its _version); otherwise the batch answers 412.' };

const withIfMatch = (operation: JsonSchemaObject): JsonSchemaObject => ({ ...operation, properties: { ...(operation.properties as JsonSchemaObject), ifMatch: IF_MATCH } });

function operations(target: BatchTarget): JsonSchemaObject[] {
  const base = (action: string): Record<string, JsonSchemaObject> => ({ action: { type: 'string', const: action }, collection: { type: 'string', const: target.name } });
  const out: JsonSchemaObject[] = [];
  const shape = (action: string, extra: Record<string, JsonSchemaObject>): JsonSchemaObject => ({
    type: 'object',
    additionalProperties: false,
    required: ['action', 'collection', ...Object.keys(extra)],
    properties: { ...base(action), ...extra },
  });
  if (target.create) out.push(shape('create', { body: ref(`${target.typeName}_Create`) }));
  // ifMatch is optional: shape's required list takes the others only.
  if (target.update) out.push(withIfMatch(shape('update', { id: ID, body: ref(`${target.typeName}_Update`) })));
  if (target.delete) out.push(withIfMatch(shape('delete', { id: ID })));
  return out;
}

/** The path and its schemas, or nothing when the caller may write no collection. */
export function batchPart({ base, targets, errors }: { base: string; targets: BatchTarget[]; errors: JsonSchemaObject }): { paths: Record<string, JsonSchemaObject>; schemas: Record<string, JsonSchemaObject> } {
  const all = targets.flatMap(operations);
  if (all.length === 0) return { paths: {}, schemas: {} };
  const readable = targets.map((target) => ref(target.typeName));
  const schemas: Record<string, JsonSchemaObject> = {
    Batch_Operation: { oneOf: all },
    Batch_Request: {
      type: 'object',
      additionalProperties: false,
      required: ['operations'],
      properties: { operations: { type: 'array', minItems: 1, maxItems: BATCH_MAX_OPERATIONS, items: ref('Batch_Operation') } },
    },
    Batch_Result: {
      type: 'object',
      required: ['status', 'data'],
      properties: { status: { type: 'integer', description: '201 for a create, 200 otherwise.' }, data: { anyOf: [...readable, { type: 'null' }] } },
    },
    Batch_Stale: {
      type: 'object',
      required: ['success', 'data', 'message'],
      properties: { success: { type: 'boolean' }, data: { anyOf: readable }, message: { type: 'string' } },
    },
    Batch_Envelope: {
      type: 'object',
      required: ['success', 'data', 'message'],
      properties: {
        success: { type: 'boolean' },
        data: { type: 'object', required: ['results'], properties: { results: { type: 'array', items: ref('Batch_Result') } } },
        message: { type: 'string' },
      },
    },
  };
  const post = {
    operationId: 'batch',
    summary: 'Create, update and delete up to 100 documents at once',
    description:
      `Every operation is checked before anything is written, in order, against the records as the operations before it leave them (bodies, rules, relations, quotas); the first refused answers for the batch, with "Operation {n}: " before its message. The bodies may name at most ${BATCH_MAX_RELATION_IDS.toLocaleString('en-US')} related document ids in all. Written all or nothing on SQLite; in order on engines without transactions. An update or delete with ifMatch whose document has another version answers 412 for the batch, with that document as its data.`,
    tags: ['batch'],
    security: [{}, { appCredentials: [] }, { installToken: [] }],
    requestBody: { required: true, content: { 'application/json': { schema: ref('Batch_Request') } } },
    responses: { '200': { description: 'Each operation\'s result, in order.', content: { 'application/json': { schema: ref('Batch_Envelope') } } },
      ...errors,
      '412': { description: 'An operation\'s ifMatch is not its document\'s version: data is that document as it is now.', content: { 'application/json': { schema: ref('Batch_Stale') } } },
    },
  };
  return { paths: { [`${base}/batch`]: { post } }, schemas };
}

// The `query` and `sort` parameters of the live document as JSON Schemas (sent as JSON:
// `content: application/json`): the storage grammar (server/storage/filter.ts, lists/list-query.ts)
// on the collection's public fields, with values kept to scalars and lists of scalars, which the
// public API checks every filter against (declared-queries.ts). So whatever they accept the
// server runs and whatever they refuse it refuses. Nothing in them refers to itself through a
// list, which TypeScript generators (openapi-typescript) cannot type. The bounds they cannot say
// are the parameter's length as sent and its nesting (rules/input-limits.ts), in the descriptions.
import { MAX_LIST_VALUES } from '../../../../rules/input-limits';
import type { JsonSchemaObject } from '../../../../rules/json-schema';
import { MAX_PATTERN_LENGTH } from '../../../storage/pattern';
import type { CollectionDoc } from '../model';
import { SYSTEM_FIELDS } from '../validate-document';
import { queryableFields } from '../view';

const ref = (name: string): JsonSchemaObject => ({ $ref: `#/components/schemas/${name}` });

/** A direction: ascending 1, descending -1. */
const DIRECTION: JsonSchemaObject = { type: 'integer', enum: [1, -1] };

const COMPARISONS: Record<string, JsonSchemaObject> = {
  $eq: ref('FilterValue'),
  $ne: ref('FilterValue'),
  $gt: ref('FilterScalar'),
  $gte: ref('FilterScalar'),
  $lt: ref('FilterScalar'),
  $lte: ref('FilterScalar'),
  $in: { type: 'array', maxItems: MAX_LIST_VALUES, items: ref('FilterScalar') },
  $nin: { type: 'array', maxItems: MAX_LIST_VALUES, items: ref('FilterScalar') },
  $exists: { type: 'boolean' },
  $not: ref('FilterOperators'),
};

/** Shared by every collection's filter: values, operators and a field's condition. */
export const FILTER_COMPONENTS: Record<string, JsonSchemaObject> = {
  FilterScalar: { type: ['string', 'number', 'boolean', 'null'] },
  FilterValue: { description: 'A value, or a list of values compared whole.', anyOf: [ref('FilterScalar'), { type: 'array', items: ref('FilterScalar') }] },
  // $options only beside $regex: two shapes, so that generators need no dependentRequired.
  FilterOperators: {
    anyOf: [
      { type: 'object', minProperties: 1, additionalProperties: false, properties: COMPARISONS },
      {
        type: 'object',
        required: ['$regex'],
        additionalProperties: false,
        properties: {
          ...COMPARISONS,
          $regex: { type: 'string', format: 'regex', maxLength: MAX_PATTERN_LENGTH, description: 'Runs in linear time (RE2): no backreferences or lookaround.' },
          $options: { type: 'string', enum: ['', 'i'], description: 'i: any case.' },
        },
      },
    ],
  },
  FilterCondition: { anyOf: [ref('FilterValue'), ref('FilterOperators')] },
};

/** The indexed or unique fields a public list may sort on, besides the system ones. */
export const sortableFields = (collection: CollectionDoc): string[] => {
  const indexed = new Set(collection.attributes.filter((field) => field.validation?.indexable || field.validation?.unique).map((field) => field.name));
  return queryableFields({ collection, view: 'public' }).filter((name) => (SYSTEM_FIELDS as readonly string[]).includes(name) || indexed.has(name));
};

/**
 * `{Name}_Filter` (recursive through $and and $or) and `{Name}_Sort`. The fields are named by
 * `propertyNames`, each taking the shared condition, rather than one property each: the same
 * filters, but a fuzzer's boundary cases grow with the operators, not fields times operators.
 */
export function filterSchemas({ collection, filter }: { collection: CollectionDoc; filter: string }): { filter: JsonSchemaObject; sort: JsonSchemaObject } {
  const fields = queryableFields({ collection, view: 'public' });
  const branches = { type: 'array', minItems: 1, items: ref(filter) };
  return {
    filter: {
      type: 'object',
      description: `Fields: ${fields.join(', ')}.`,
      properties: { $and: branches, $or: branches },
      propertyNames: { enum: [...fields, '$and', '$or'] },
      additionalProperties: ref('FilterCondition'),
    },
    sort: { type: 'object', additionalProperties: false, properties: Object.fromEntries(sortableFields(collection).map((name) => [name, DIRECTION])) },
  };
}

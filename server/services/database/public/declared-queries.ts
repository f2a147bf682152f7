// Every `query` the public API takes is checked against the filter schema the live document
// publishes for the collection (filter-schema.ts), as bodies are against theirs: the grammar's
// own check first, whose messages name the field or operator at fault, then the schema, which
// keeps the values to scalars and lists of scalars. A query text that passed is remembered on its
// collection's kept validator (the same fields, so the same verdict): lists repeat their queries,
// and the two checks cost a store-filtered list a tenth of its time (docs/database-speed.md).
import type { OutputUnit, Validator } from '@cfworker/json-schema';
import type { JsonSchemaObject } from '../../../../rules/json-schema';
import { ValidationError } from '../../../http/errors';
import { parseQuery } from '../../lists/list-query';
import type { CollectionDoc } from '../model';
import { queryableFields } from '../view';
import { FILTER_COMPONENTS, filterSchemas } from './filter-schema';
import { keptValidator } from './kept-validators';

/** `#/$or/0/title/$eq` -> `$or.0.title.$eq`; the deepest error says where. */
const deepest = (errors: OutputUnit[]): string =>
  errors
    .map((error) => error.instanceLocation.replace(/^#\/?/, '').split('/').map(decodeURIComponent).join('.'))
    .reduce((longest, path) => (path.split('.').length > longest.split('.').length ? path : longest), '');

/** Query texts that passed, per kept validator; past this many, the oldest goes first. */
const MAX_PASSED = 200;
const passedBy = new WeakMap<Validator, Set<string>>();

export function checkDeclaredQuery({ collection, query }: { collection: CollectionDoc; query?: string }): void {
  if (query === undefined || query.trim() === '') return;
  const schemas = (): Record<string, JsonSchemaObject> => ({ ...FILTER_COMPONENTS, filter: filterSchemas({ collection, filter: 'filter' }).filter });
  const validator = keptValidator({ kind: 'filter', collection, schemas, shortCircuit: true });
  const passed = passedBy.get(validator) ?? new Set<string>();
  passedBy.set(validator, passed);
  if (passed.has(query)) return;
  parseQuery({ text: query, fields: queryableFields({ collection, view: 'public' }) });
  const { valid, errors } = validator.validate(JSON.parse(query));
  if (valid) {
    if (passed.size >= MAX_PASSED) passed.delete(passed.values().next().value ?? '');
    passed.add(query);
    return;
  }
  const message = `The query is not allowed: ${deepest(errors) || 'the filter'}: compare with a value (text, number, true, false or null) or a list of them`;
  throw new ValidationError(message, { 'query.query': message });
}

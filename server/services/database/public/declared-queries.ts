// Every `query` the public API takes is checked against the filter schema the live document
// publishes for the collection (filter-schema.ts), as bodies are against theirs: the grammar's
// own check first, whose messages name the field or operator at fault, then the schema, which
// keeps the values to scalars and lists of scalars.
import { Validator } from '@cfworker/json-schema';
import type { OutputUnit, Schema } from '@cfworker/json-schema';
import { ValidationError } from '../../../http/errors';
import { parseQuery } from '../../lists/list-query';
import type { CollectionDoc } from '../model';
import { queryableFields } from '../view';
import { FILTER_COMPONENTS, filterSchemas } from './filter-schema';

/** `#/$or/0/title/$eq` -> `$or.0.title.$eq`; the deepest error says where. */
const deepest = (errors: OutputUnit[]): string =>
  errors
    .map((error) => error.instanceLocation.replace(/^#\/?/, '').split('/').map(decodeURIComponent).join('.'))
    .reduce((longest, path) => (path.split('.').length > longest.split('.').length ? path : longest), '');

export function checkDeclaredQuery({ collection, query }: { collection: CollectionDoc; query?: string }): void {
  if (query === undefined || query.trim() === '') return;
  parseQuery({ text: query, fields: queryableFields({ collection, view: 'public' }) });
  const schemas = { ...FILTER_COMPONENTS, Filter: filterSchemas({ collection, filter: 'Filter' }).filter };
  const { valid, errors } = new Validator({ $ref: '#/components/schemas/Filter', components: { schemas } } as Schema, '2020-12', false).validate(JSON.parse(query));
  if (valid) return;
  const message = `The query is not allowed: ${deepest(errors) || 'the filter'}: compare with a value (text, number, true, false or null) or a list of them`;
  throw new ValidationError(message, { 'query.query': message });
}

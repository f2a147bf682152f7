// A list's search: the description's, else the record schema's `x-ui.search` hint, so which
// properties the box runs on is written in the document beside them.
import { schemaOf } from '../schemas';
import type { SchemaEntry } from '../schemas';
import { resolveSchema } from './columns';
import type { ResourceSearch } from './description';
import { schemaHints } from './ui-hints';

export function searchOf({ search, schema }: { search?: ResourceSearch; schema: SchemaEntry }): ResourceSearch | undefined {
  if (search) return search;
  const hinted = schemaHints(resolveSchema({ schema: schemaOf(schema) })).search ?? [];
  const [first, ...choices] = hinted.map((choice) => (typeof choice === 'string' ? { field: choice } : choice));
  return first ? { ...first, choices } : undefined;
}

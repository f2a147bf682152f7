// A record as a card, from its schema and the document's hints (`x-ui.card`): a heading, a
// picture, a badge, and a line for every other property a list would show, in the same order.
import { loadedSchemas } from '../schemas';
import type { JsonSchema } from '../schemas';
import { hiddenColumnsOf, propertiesOf, resolveSchema, resourceColumns } from './columns';
import type { ResourceColumn } from './columns';
import { schemaHints } from './ui-hints';

export type CardParts = { title?: ResourceColumn; image?: ResourceColumn; badge?: ResourceColumn; text?: ResourceColumn; lines: ResourceColumn[] };

/** Without a `title` hint the heading is the first listed text property. */
export function cardParts({ schema, definitions = loadedSchemas() }: { schema: JsonSchema; definitions?: Record<string, JsonSchema> }): CardParts {
  const hints = schemaHints(resolveSchema({ schema, definitions })).card ?? {};
  const properties = propertiesOf({ schema, definitions });
  const hidden = new Set(hiddenColumnsOf({ schema, definitions }));
  const columns = resourceColumns({ schema, definitions }).filter((column) => !hidden.has(column.field));
  // A hint may name a value of a nested object ('meta.icon'), as a column may.
  const byField = (field?: string) => (field && Object.hasOwn(properties, field.split('.')[0]) ? resourceColumns({ schema, definitions, columns: [field] })[0] : undefined);
  const title = byField(hints.title) ?? columns.find((column) => column.format.kind === 'text');
  const image = byField(hints.image);
  const badge = byField(hints.badge);
  const text = byField(hints.text);
  const placed = new Set([title?.field, image?.field, badge?.field, text?.field]);
  return { title, image, badge, text, lines: columns.filter((column) => !placed.has(column.field)) };
}

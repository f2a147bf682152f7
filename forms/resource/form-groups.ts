// One form drawn in parts by the document's `x-ui.group` hints (a field's Basic and Advanced
// tabs): the screen names its parts, and each shows the properties of its group, the first
// those with none. The others stay in the form, hidden, so their values are kept and sent.
import type { UiSchema } from '@rjsf/utils';
import { loadedSchemas } from '../schemas';
import type { JsonSchema } from '../schemas';
import { propertiesOf } from './columns';
import { propertyHints } from './ui-hints';

/** Each property's group (`first` for those with none). */
export function groupOf({ schema, first, definitions = loadedSchemas() }: { schema: JsonSchema; first: string; definitions?: Readonly<Record<string, JsonSchema>> }): Record<string, string> {
  return Object.fromEntries(Object.entries(propertiesOf({ schema, definitions })).map(([key, property]) => [key, propertyHints(property).group ?? first]));
}

/** The uiSchema that shows only the group `shown` of a form whose groups are `groups` (the first takes properties with none). */
export function groupUiSchema({ schema, groups, shown, definitions = loadedSchemas() }: { schema: JsonSchema; groups: ReadonlyArray<string>; shown: string; definitions?: Readonly<Record<string, JsonSchema>> }): UiSchema {
  const of = groupOf({ schema, first: groups[0], definitions });
  return Object.fromEntries(Object.entries(of).filter(([, group]) => group !== shown).map(([key]) => [key, { 'ui:widget': 'hidden' }]));
}

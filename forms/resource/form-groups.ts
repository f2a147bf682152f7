// One form drawn in parts by the document's `x-ui.group` hints (a field's Basic and Advanced
// tabs): the screen names its parts, and each shows the properties of its group, the first those
// with none (groupedKeys, as the widget editor's tabs read them). The others stay in the form,
// hidden, so their values are kept and sent.
import type { UiSchema } from '@rjsf/utils';
import { loadedSchemas } from '../schemas';
import type { JsonSchema } from '../schemas';
import { propertiesOf } from './columns';
import { groupedKeys } from './ui-hints';

/** The uiSchema that shows only the group `shown` of a form whose groups are `groups` (the first takes properties with none). */
export function groupUiSchema({ schema, groups, shown, definitions = loadedSchemas() }: { schema: JsonSchema; groups: ReadonlyArray<string>; shown: string; definitions?: Readonly<Record<string, JsonSchema>> }): UiSchema {
  const grouped = groupedKeys({ properties: propertiesOf({ schema, definitions }), groups });
  const hidden = groups.filter((group) => group !== shown).flatMap((group) => grouped.get(group) ?? []);
  return Object.fromEntries(hidden.map((key) => [key, { 'ui:widget': 'hidden' }]));
}

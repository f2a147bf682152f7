// After a failed save, the editor opens the first tab (in tab order) holding an error and puts
// the cursor in that tab's first field in error, which may be a field of a list item (a hidden
// panel cannot take focus, so RJSF's own focus on the first error missed it).
import { useEffect, useState } from 'react';
import type { JsonSchema } from '../../../../../forms/schemas';
import { SETTINGS_GROUPS, groupedKeys } from '../../../../../forms/resource/ui-hints';
import type { SettingsGroup } from '../../../../../forms/resource/ui-hints';

const FOCUSABLE = 'input:not([type=hidden]), select, textarea, button';

/** The tab and the field to show: the first property, by tab then order, with an error at or under it. */
export function firstError({ schema, fields }: { schema: JsonSchema; fields: string[] }): { group: SettingsGroup; field: string } | undefined {
  const properties = ((schema as { properties?: Record<string, JsonSchema> }).properties ?? {});
  const grouped = groupedKeys({ properties, groups: SETTINGS_GROUPS });
  for (const group of SETTINGS_GROUPS) {
    for (const key of grouped.get(group) ?? []) {
      const field = fields.find((path) => path === key || path.startsWith(`${key}.`) || path.startsWith(`${key}[`));
      if (field) return { group, field };
    }
  }
  return undefined;
}

/** RJSF's id of a field's control: `root_` and the path's steps joined by `_` (items.0.question: root_items_0_question). */
export const fieldId = (field: string): string => ['root', ...field.split(/[.[\]]+/).filter(Boolean)].join('_');

export function useErrorFocus({ schema, select }: { schema: JsonSchema; select: (group: SettingsGroup) => void }) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [target, setTarget] = useState<{ field: string } | null>(null);

  useEffect(() => {
    if (!target) return;
    const element = container?.querySelector<HTMLElement>(`[id="${fieldId(target.field)}"]`);
    const control = element?.matches(FOCUSABLE) ? element : element?.querySelector<HTMLElement>(FOCUSABLE);
    control?.focus();
  }, [target, container]);

  const onInvalid = (fields: string[]) => {
    const first = firstError({ schema, fields });
    if (!first) return;
    select(first.group);
    // A new object each time, so a second failed save on the same field focuses it again.
    setTarget({ field: first.field });
  };

  return { container: setContainer, onInvalid };
}

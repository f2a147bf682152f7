// The editor's settings as tabs (Content, Layout, Style, Settings): the form's root object drawn
// by this RJSF template, each property on the tab its `x-ui.group` hint names (content where it
// has none; a tab with no properties is not shown), so a property added to a schema lands on its
// tab with no code. Every panel stays in the form (values, validation); only the active one
// shows. A tab whose fields have errors carries a mark. The active tab lives in the editor
// (EditorTabsContext), so it survives the form starting over on undo.
import { createContext, useContext, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { ErrorSchema, ObjectFieldTemplateProps } from '@rjsf/utils';
import type { JsonSchema } from '../../../../../forms/schemas';
import { SETTINGS_GROUPS, groupedKeys } from '../../../../../forms/resource/ui-hints';
import type { SettingsGroup } from '../../../../../forms/resource/ui-hints';

export const TAB_LABELS: Readonly<Record<SettingsGroup, string>> = { content: 'Content', layout: 'Layout', style: 'Style', settings: 'Settings' };
export const TAB_ERROR = 'has errors';

export const EditorTabsContext = createContext<{ active: SettingsGroup; select: (group: SettingsGroup) => void }>({ active: 'content', select: () => undefined });

/** Whether a field's part of the error schema holds any message, at any depth. */
function hasErrors(errors: unknown): boolean {
  if (typeof errors !== 'object' || errors === null) return false;
  return Object.entries(errors).some(([key, value]) => (key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value)));
}

const KEY_STEPS: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function EditorTabsTemplate({ properties, schema, errorSchema }: ObjectFieldTemplateProps) {
  const { active, select } = useContext(EditorTabsContext);
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const grouped = groupedKeys({ properties: (schema.properties ?? {}) as Record<string, JsonSchema>, groups: SETTINGS_GROUPS });
  const tabs = SETTINGS_GROUPS.filter((group) => (grouped.get(group) ?? []).length > 0);
  const current = tabs.includes(active) ? active : tabs[0];
  const errors = (errorSchema ?? {}) as ErrorSchema;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(index, tabs.length);
    select(tabs[next]);
    buttons.current[next]?.focus();
  };

  return (
    <div className="editor-tabs">
      <div className="editor-tabs__list" role="tablist" aria-label="Settings">
        {tabs.map((group, index) => {
          const faulty = (grouped.get(group) ?? []).some((key) => hasErrors((errors as Record<string, unknown>)[key]));
          return (
            <button
              key={group}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${group}`}
              aria-selected={group === current}
              aria-controls={`${base}-panel-${group}`}
              tabIndex={group === current ? 0 : -1}
              className="editor-tabs__tab"
              onClick={() => select(group)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {TAB_LABELS[group]}
              {faulty ? (
                <span className="editor-tabs__error" role="img" aria-label={TAB_ERROR}>
                  !
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {tabs.map((group) => {
        const keys = new Set(grouped.get(group));
        return (
          <div key={group} role="tabpanel" id={`${base}-panel-${group}`} aria-labelledby={`${base}-tab-${group}`} className="editor-tabs__panel" hidden={group !== current}>
            {properties.filter((property) => keys.has(property.name)).map((property) => property.content)}
          </div>
        );
      })}
    </div>
  );
}

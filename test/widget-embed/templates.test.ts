// Every template a type declares (x-templates on its settings schema) is a valid starting point:
// an id, a name and a description, settings that name only the type's properties, and those
// settings laid over the defaults pass the same check as a save (docs/widgets.md, Templates).
import { openApiDocument } from '../../server/http/openapi-document';
import { checkSettings, settingsSchemaOf } from '../../server/services/widget-embed/settings-schemas';
import { settingsDefaults, settingsTemplates } from '../../rules/widget-settings';

const schemas = (openApiDocument().components as { schemas: Record<string, Record<string, unknown>> }).schemas;
const typeOf = (name: string) => name.replace(/Settings$/, '').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const templated = Object.keys(schemas)
  .filter((name) => name.endsWith('Settings') && Array.isArray(schemas[name]['x-templates']))
  .map((name) => typeOf(name));

/** The save check's field errors for these settings; none when they pass. */
function refusedFields({ type, settings }: { type: string; settings: Record<string, unknown> }): Record<string, string> {
  try {
    checkSettings({ type, settings });
    return {};
  } catch (thrown) {
    return (thrown as { fieldErrors?: Record<string, string> }).fieldErrors ?? { '': String(thrown) };
  }
}

describe('widget templates', () => {
  it('finds each templated schema by its type name', () => {
    for (const type of templated) expect(settingsSchemaOf(type)).toBeDefined();
  });

  it.each(templated.length > 0 ? templated : ['(none declared)'])('gives %s templates that validate over the defaults', (type) => {
    const schema = settingsSchemaOf(type);
    if (!schema) return;
    const templates = settingsTemplates(schema);
    expect(templates.length).toBeGreaterThanOrEqual(3);
    expect(new Set(templates.map((template) => template.id)).size).toBe(templates.length);
    for (const template of templates) {
      expect(template.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(template.description.length).toBeGreaterThan(0);
      expect(Object.keys(template.settings).filter((key) => !Object.hasOwn(schema.properties ?? {}, key))).toEqual([]);
      expect({ template: template.id, refused: refusedFields({ type, settings: { ...settingsDefaults(schema), ...template.settings } }) }).toEqual({ template: template.id, refused: {} });
    }
  });
});

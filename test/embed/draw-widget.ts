// Draws one widget type into a shadow root as the embed runtime does, from its schema's
// defaults with the given settings laid over them, for the per-type renderer tests.
import { components } from '../../generated/openapi.json';
import { settingsDefaults, settingsSchemaName } from '../../rules/widget-settings';
import type { SettingsSchema } from '../../rules/widget-settings';
import { checkSettings } from '../../server/services/widget-embed/settings-schemas';
import { mountWidget } from '../../web/embed/mount';

interface Template {
  id: string;
  name: string;
  description: string;
  settings: Record<string, unknown>;
}

const schemaOf = (type: string) => (components.schemas as Record<string, SettingsSchema & { 'x-templates'?: Template[] }>)[settingsSchemaName(type)];

export const defaultsOf = (type: string): Record<string, unknown> => settingsDefaults(schemaOf(type));
export const templatesOf = (type: string): Template[] => schemaOf(type)['x-templates'] ?? [];

/** The settings as saved: the server's check throws on any that do not fit the schema. */
export const checked = (type: string, settings: Record<string, unknown>): void => checkSettings({ type, settings: { ...defaultsOf(type), ...settings } });

export function drawWidget(type: string, settings: Record<string, unknown> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const track = jest.fn();
  const drawn = mountWidget({ host, type, widgetId: `w-${Math.random()}`, settings: { ...defaultsOf(type), ...settings }, track, read: jest.fn() });
  const shadow = host.shadowRoot as ShadowRoot;
  return { host, shadow, track, drawn, text: () => shadow.textContent ?? '', all: (selector: string) => [...shadow.querySelectorAll<HTMLElement>(selector)] };
}

export const LONG = 'Very long words '.repeat(200);

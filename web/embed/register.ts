// The shared page-wide stores of the embed runtime's scripts: each renderer file (built per type,
// scripts/embed-bundle.ts) puts its renderer in nindoRenderers, and each data script of the
// server (/embed/data/…) its data in nindoData, where the loader (loader.ts) picks them up once
// the script has run. Scripts rather than fetch: a host page's script-src lets them in where its
// connect-src would block a fetch.
import type { WidgetType } from './types';

interface EmbedGlobals {
  nindoRenderers?: Record<string, WidgetType<never>>;
  nindoData?: Record<string, unknown>;
}

export const embedGlobals = globalThis as EmbedGlobals;

export function registerRenderer(type: string, widgetType: WidgetType<never>): void {
  (embedGlobals.nindoRenderers ??= {})[type] = widgetType;
}

// Stands in for markdown-to-jsx in the web build (aliased in web/vite.config.ts). RJSF renders
// markdown only for opt-in rich descriptions (none of our uiSchemas asks) and a few developer
// notices; as plain text they lose nothing, and the parser was a tenth of a form page's script.
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }): ReactNode {
  return children ?? null;
}

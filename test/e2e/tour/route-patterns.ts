// Every screen address of the web app, read from its route table (web/src/routes.tsx), so a new
// route is toured and checked with no change here. A route counts when it renders a page of its
// own (`lazy`); redirects (`element: <Navigate>`) do not. A catch-all `*` stands for one unknown
// address, the not-found screen under it.
import type { RouteObject } from 'react-router';
import { routes } from '../../../web/src/routes';

export const UNKNOWN_SEGMENT = 'no-such-page';

const join = (base: string, path: string): string => (path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`);

function collect(table: RouteObject[], base: string, out: Set<string>): Set<string> {
  for (const route of table) {
    const path = route.index ? base : join(base, route.path ?? '');
    if (route.lazy && !route.children?.some((child) => child.index)) out.add(path.replace(/\*$/, UNKNOWN_SEGMENT));
    if (route.children) collect(route.children, path, out);
  }
  return out;
}

/** The route patterns that render a page, e.g. `/developer/apps/:appId/payments/:tab`, in table order. */
export const routePatterns = (table: RouteObject[] = routes): string[] => [...collect(table, '', new Set())];

/** The `:name` parameters of a pattern. */
export const paramsOf = (pattern: string): string[] => [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

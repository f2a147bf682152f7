// The sites a widget may be shown on: its project's domains (and their subdomains), read with the
// widget. Empty when the project names none, the widget is outside any project or does not exist:
// any site then (docs/widget-analytics.md, "Sites").
import type { AppContext } from '../../context';
import { projects, widgets } from '../workspace/model';
import type { WidgetDoc } from '../workspace/model';

export async function siteDomainsOf({ ctx, widget }: { ctx: AppContext; widget: Pick<WidgetDoc, 'projectId'> | null }): Promise<string[]> {
  if (!widget?.projectId) return [];
  return (await projects(ctx).findOne({ _id: widget.projectId }))?.domains ?? [];
}

export async function siteDomainsOfWidget({ ctx, guid }: { ctx: AppContext; guid: string }): Promise<string[]> {
  return siteDomainsOf({ ctx, widget: await widgets(ctx).findOne({ _id: guid }) });
}

/**
 * frame-ancestors sources for these domains: this origin, each domain and its subdomains on any
 * port (a source without one matches the default port only), as the events' check takes them;
 * any site when there are none.
 */
export const frameAncestorsOf = (domains: readonly string[]): string =>
  domains.length === 0 ? '*' : ["'self'", ...domains.flatMap((domain) => [`${domain.toLowerCase()}:*`, `*.${domain.toLowerCase()}:*`])].join(' ');

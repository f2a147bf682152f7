// What the embed runtime reads: a widget's type, name and published settings, by id alone
// (the id is in the installation code on the owner's site, so it is public by design). When the
// widget's project names a domain, only pages on it (Origin, else Referer) are answered.
import type { AppContext } from '../../context';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import { hostAccepted } from '../widget-analytics/page-host';
import { siteDomainsOf } from './site-domains';
import { WORKSPACE_MESSAGES } from '../../../rules/workspace-roles';
import { widgets } from '../workspace/model';
import { publishedSettingsOf } from './settings-schemas';

export interface EmbedWidget {
  guid: string;
  type: string;
  name: string;
  settings: Record<string, unknown>;
}

export const OTHER_SITE_MESSAGE = "This widget is shown only on its project's domain";

export async function embedWidget({ ctx, guid, pageHost, serverHost }: { ctx: AppContext; guid: string; pageHost: string | undefined; serverHost: string }): Promise<EmbedWidget> {
  const widget = await widgets(ctx).findOne({ _id: guid });
  if (!widget) throw new NotFoundError(WORKSPACE_MESSAGES.widgetNotFound);
  const domains = await siteDomainsOf({ ctx, widget });
  if (!hostAccepted({ host: pageHost, domains, serverHost })) throw new ForbiddenError(OTHER_SITE_MESSAGE);
  return { guid: widget._id, type: widget.type, name: widget.name, settings: publishedSettingsOf({ type: widget.type, settings: widget.settings }) };
}

// What the embed runtime reads: a widget's type, name and published settings, by id alone
// (the id is in the installation code on the owner's site, so it is public by design).
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';
import { WORKSPACE_MESSAGES } from '../../../rules/workspace-roles';
import { widgets } from '../workspace/model';
import { publishedSettingsOf } from './settings-schemas';

export interface EmbedWidget {
  guid: string;
  type: string;
  name: string;
  settings: Record<string, unknown>;
}

export async function embedWidget({ ctx, guid }: { ctx: AppContext; guid: string }): Promise<EmbedWidget> {
  const widget = await widgets(ctx).findOne({ _id: guid });
  if (!widget) throw new NotFoundError(WORKSPACE_MESSAGES.widgetNotFound);
  return { guid: widget._id, type: widget.type, name: widget.name, settings: publishedSettingsOf({ type: widget.type, settings: widget.settings }) };
}

// What a widget's share page (/w/{guid}) shows about it: its name, its type's catalog name and
// whether its owner lets search engines list the page (sharePageIndexed, off unless chosen).
import type { AppContext } from '../../context';
import { catalogApps } from '../workspace/catalog/catalog-apps';
import { widgets } from '../workspace/model';

export interface SharedWidget {
  name: string;
  typeName: string;
  indexed: boolean;
}

export async function sharedWidget({ ctx, guid }: { ctx: AppContext; guid: string }): Promise<SharedWidget | null> {
  const widget = await widgets(ctx).findOne({ _id: guid });
  if (!widget) return null;
  const app = await catalogApps(ctx).findOne({ componentType: widget.type });
  return { name: widget.name, typeName: app?.name ?? 'Widget', indexed: widget.sharePageIndexed === true };
}

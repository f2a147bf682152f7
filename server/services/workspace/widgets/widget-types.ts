// The widget types a widget can have: the widget catalog's published apps (componentType, with
// the app's name and slug for the lists' "App" column and the editor link).
import type { AppContext } from '../../../context';
import { catalogApps, ensureCatalog } from '../catalog/catalog-apps';

export interface WidgetType {
  type: string;
  name: string;
  slug: string;
}

export async function widgetTypes({ ctx }: { ctx: AppContext }): Promise<WidgetType[]> {
  await ensureCatalog(ctx);
  const apps = await catalogApps(ctx).find({ status: 'published' }, { sort: { name: 1 } });
  return apps.map((app) => ({ type: app.componentType, name: app.name, slug: app.slug }));
}

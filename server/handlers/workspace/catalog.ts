import type {
  DiscoverCatalogAppsData,
  DiscoverCatalogAppsResponse,
  GetCatalogAppData,
  GetCatalogAppResponse,
  ListCatalogAppsData,
  ListCatalogAppsResponse,
  ListNewCatalogAppsData,
  ListNewCatalogAppsResponse,
} from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import * as catalog from '../../services/workspace/catalog/catalog-query';

export const listCatalogApps = handler<ListCatalogAppsData, ListCatalogAppsResponse>(async ({ ctx, query }) => ({
  data: await catalog.listCatalog({ ctx, search: query?.search, tag: query?.tag, category: query?.category }),
}));

export const discoverCatalogApps = handler<DiscoverCatalogAppsData, DiscoverCatalogAppsResponse>(async ({ ctx }) => ({
  data: await catalog.discoverApps({ ctx }),
}));

export const listNewCatalogApps = handler<ListNewCatalogAppsData, ListNewCatalogAppsResponse>(async ({ ctx }) => ({
  data: await catalog.newApps({ ctx }),
}));

export const getCatalogApp = handler<GetCatalogAppData, GetCatalogAppResponse>(async ({ ctx, path }) => ({
  data: await catalog.getCatalogApp({ ctx, slug: path.slug }),
}));

// The dashboard's project routes: My Projects, Shared Projects and the in-project pages, spread
// into /user/dashboard's children (web/src/pages/auth/routes.tsx).
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { declaredRoutes } from '../../declared/routes';

type Loader = () => Promise<{ default: ComponentType }>;
type PageLoader = (load: Loader) => RouteObject['lazy'];

export function projectRoutes(page: PageLoader): RouteObject[] {
  return [
    { index: true, lazy: page(() => import('./MyProjectsPage')) },
    { path: 'projects', lazy: page(() => import('./MyProjectsPage')) },
    { path: 'shared-projects', lazy: page(() => import('./SharedProjectsPage')) },
    {
      path: 'projects/:projectId',
      lazy: page(() => import('./ProjectLayout')),
      children: [
        { index: true, lazy: page(() => import('../widgets/ProjectWidgetsPage')) },
        { path: 'widgets', lazy: page(() => import('../widgets/ProjectWidgetsPage')) },
        { path: 'catalog', lazy: page(() => import('../catalog/CatalogPage')) },
        { path: 'media-manager', lazy: page(() => import('../media/MediaManagerPage')) },
        { path: 'settings', lazy: page(() => import('./ProjectSettingsPage')) },
        { path: 'permissions', lazy: page(() => import('./PermissionsPage')) },
        ...declaredRoutes({ menu: 'project' }),
      ],
    },
  ];
}

// The route table: every screen of the product, each loaded lazily so that a page
// only pulls in what it uses (the login page never loads AG Grid or ECharts).
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { accountRoutes } from './pages/auth/routes';
import { billingRoutes } from './pages/billing/routes';
import { declaredRoutes } from './pages/declared/routes';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/user/dashboard" replace /> },
  ...accountRoutes(page),
  ...billingRoutes(page),
  {
    path: '/developer',
    lazy: page(() => import('./pages/developer/DeveloperShell')),
    children: [
      { index: true, element: <Navigate to="/developer/apps" replace /> },
      { path: 'apps', lazy: page(() => import('./pages/developer/apps/MyAppsPage')) },
      { path: 'account', lazy: page(() => import('./pages/developer/account/DeveloperInfoPage')) },
      { path: 'apps/:appId', element: <Navigate to="dashboard" replace /> },
      { path: 'apps/:appId/dashboard', lazy: page(() => import('./pages/developer/dashboard/DashboardPage')) },
      { path: 'apps/:appId/authentication', lazy: page(() => import('./pages/developer/app/AuthenticationPage')) },
      { path: 'apps/:appId/app-info', lazy: page(() => import('./pages/developer/app/AppInfoPage')) },
      { path: 'apps/:appId/permissions', lazy: page(() => import('./pages/developer/app/PermissionsPage')) },
      { path: 'apps/:appId/integrations', lazy: page(() => import('./pages/developer/integrations/IntegrationsPage')) },
      { path: 'apps/:appId/integrations/:subPage', lazy: page(() => import('./pages/developer/integrations/IntegrationsPage')) },
      { path: 'apps/:appId/integrations/:subPage/:platform', lazy: page(() => import('./pages/developer/integrations/ConnectPage')) },
      { path: 'apps/:appId/webhooks', lazy: page(() => import('./pages/developer/webhooks/WebhooksPage')) },
      { path: 'apps/:appId/payments', element: <Navigate to="plans" replace /> },
      { path: 'apps/:appId/payments/plan/:planId', lazy: page(() => import('./pages/developer/payments/plans/PlanEditorPage')) },
      { path: 'apps/:appId/payments/:tab', lazy: page(() => import('./pages/developer/payments/PaymentsPage')) },
      { path: 'apps/:appId/users', lazy: page(() => import('./pages/developer/users/UsersPage')) },
      { path: 'apps/:appId/users/user/:userId', lazy: page(() => import('./pages/developer/users/UserDetailPage')) },
      { path: 'apps/:appId/database', lazy: page(() => import('./pages/developer/database/DatabasePage')) },
      { path: 'apps/:appId/database/collection/:collectionId', lazy: page(() => import('./pages/developer/database/CollectionPage')) },
      { path: 'apps/:appId/database/collection/:collectionId/:subPage', lazy: page(() => import('./pages/developer/database/CollectionPage')) },
      { path: 'apps/:appId/database/:name', lazy: page(() => import('./pages/developer/database/CollectionPage')) },
      { path: 'apps/:appId/database/:name/:subPage', lazy: page(() => import('./pages/developer/database/CollectionPage')) },
      { path: 'apps/:appId/:page/webhook/:webhookId', lazy: page(() => import('./pages/developer/webhooks/WebhookMessagesPage')) },
      ...declaredRoutes({ menu: 'app', prefix: 'apps/:appId/' }),
      { path: 'apps/:appId/*', lazy: page(() => import('./pages/developer/NotFoundPage')) },
      { path: '*', lazy: page(() => import('./pages/developer/NotFoundPage')) },
    ],
  },
  { path: '/install/:appId', lazy: page(() => import('./pages/install/InstallConsentPage')) },
  { path: '/unsubscribe', lazy: page(() => import('./pages/unsubscribe/UnsubscribePage')) },
  { path: '/feedback', lazy: page(() => import('./pages/feedback/FeedbackPage')) },
  { path: '/:slug/editor', lazy: page(() => import('./pages/workspace/editor/WidgetEditorPage')) },
  { path: '/dev/components', lazy: page(() => import('./pages/dev/showcase/ComponentsPage')) },
  { path: '*', element: <Navigate to="/user/dashboard" replace /> },
];

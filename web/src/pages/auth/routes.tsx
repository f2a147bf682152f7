// Routes of the account screens (spec 003 section 2), spread into the app's route table.
// Auth screens exist plain, under /developer, under /embed and under /embed/developer.
import { Navigate } from 'react-router';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { projectRoutes } from '../workspace/projects/routes';
import { dashboardBillingRoutes } from '../billing/routes';
import { declaredRoutes } from '../declared/routes';

type Loader = () => Promise<{ default: ComponentType }>;
type PageLoader = (load: Loader) => RouteObject['lazy'];

const AUTH_PREFIXES = ['', '/developer', '/embed', '/embed/developer'];

const named =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): Loader =>
  async () => ({ default: pick(await load()) });

export function accountRoutes(page: PageLoader): RouteObject[] {
  const variants = (screen: string, load: Loader): RouteObject[] => AUTH_PREFIXES.map((prefix) => ({ path: `${prefix}/${screen}`, lazy: page(load) }));

  return [
    ...variants('login', () => import('./LoginPage')),
    ...variants('signup', () => import('./SignupPage')),
    ...variants('forgot', () => import('./ForgotPage')),
    { path: '/developer/join', lazy: page(() => import('./DeveloperJoinPage')) },
    { path: '/developer/terms', lazy: page(() => import('./DeveloperTermsPage')) },
    { path: '/reset/:token', lazy: page(() => import('./ResetPage')) },
    { path: '/confirm/:token', lazy: page(() => import('./ConfirmEmailPage')) },
    { path: '/invitation/:token', lazy: page(named(() => import('./InvitationPage'), (m) => m.WidgetInvitationPage)) },
    { path: '/project/invitation/:token', lazy: page(named(() => import('./InvitationPage'), (m) => m.ProjectInvitationPage)) },
    { path: '/auth/post-login', lazy: page(() => import('./PostLoginPage')) },
    { path: '/embed/auth-success', lazy: page(() => import('./EmbedAuthSuccessPage')) },
    { path: '/embed/logout', lazy: page(() => import('./EmbedLogoutPage')) },
    { path: '/dashboard', element: <Navigate to="/user/dashboard" replace /> },
    {
      path: '/user/dashboard',
      lazy: page(() => import('../dashboard/UserDashboard')),
      children: [
        ...projectRoutes(page),
        { path: 'shared-widgets', lazy: page(() => import('../workspace/widgets/SharedWidgetsPage')) },
        { path: 'new-apps', lazy: page(() => import('../workspace/catalog/NewAppsPage')) },
        ...dashboardBillingRoutes(page),
        { path: 'catalog', lazy: page(() => import('../workspace/catalog/CatalogPage')) },
        { path: 'account', lazy: page(() => import('../dashboard/AccountPage')) },
        { path: 'analytics', lazy: page(() => import('../workspace/analytics/WidgetAnalyticsPage')) },
        { path: 'analytics/:componentId', lazy: page(() => import('../workspace/analytics/WidgetAnalyticsPage')) },
        { path: 'submissions/:componentId', lazy: page(() => import('../workspace/submissions/SubmissionsPage')) },
        ...declaredRoutes({ menu: 'user' }),
      ],
    },
    { path: '/embed/analytics', lazy: page(named(() => import('../workspace/analytics/WidgetAnalyticsPage'), (m) => m.EmbedAnalyticsPage)) },
    { path: '/embed/analytics/:componentId', lazy: page(named(() => import('../workspace/analytics/WidgetAnalyticsPage'), (m) => m.EmbedAnalyticsPage)) },
    { path: '/dev/mail', lazy: page(() => import('../dev/MailPage')) },
  ];
}

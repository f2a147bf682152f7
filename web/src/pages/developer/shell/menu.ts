// The side menu of an app, grouped exactly as spec 000 section 2.

export type AppPageKey =
  | 'dashboard' | 'integrations' | 'authentication' | 'permissions' | 'webhooks' | 'payments' | 'users' | 'app-info' | 'database';

export interface MenuGroup {
  title?: string;
  items: ReadonlyArray<{ page: AppPageKey; label: string }>;
}

export const APP_MENU: ReadonlyArray<MenuGroup> = [
  { items: [{ page: 'dashboard', label: 'Dashboard' }] },
  {
    title: 'Build Your App',
    items: [
      { page: 'integrations', label: 'Integrations' },
      { page: 'authentication', label: 'Authentication' },
      { page: 'permissions', label: 'Permissions' },
      { page: 'webhooks', label: 'Webhooks' },
      { page: 'payments', label: 'Payments' },
    ],
  },
  // Database: spec 001's per-app database, beside the app's users.
  { title: 'Manage Your App', items: [{ page: 'users', label: 'Users' }, { page: 'database', label: 'Database' }, { page: 'app-info', label: 'App Info' }] },
];

export const appPath = (appId: string, page: AppPageKey = 'dashboard', rest = ''): string =>
  `/developer/apps/${encodeURIComponent(appId)}/${page}${rest ? `/${rest}` : ''}`;

// The side menu of an app, grouped exactly as spec 000 section 2.
import type { IconName } from '../../../layouts/icons';

export type AppPageKey =
  | 'dashboard' | 'integrations' | 'authentication' | 'permissions' | 'webhooks' | 'payments' | 'users' | 'app-info' | 'database';

export interface MenuGroup {
  title?: string;
  items: ReadonlyArray<{ page: AppPageKey; label: string; icon: IconName }>;
}

export const APP_MENU: ReadonlyArray<MenuGroup> = [
  { items: [{ page: 'dashboard', label: 'Dashboard', icon: 'dashboard' }] },
  {
    title: 'Build Your App',
    items: [
      { page: 'integrations', label: 'Integrations', icon: 'integrations' },
      { page: 'authentication', label: 'Authentication', icon: 'lock' },
      { page: 'permissions', label: 'Permissions', icon: 'permissions' },
      { page: 'webhooks', label: 'Webhooks', icon: 'webhooks' },
      { page: 'payments', label: 'Payments', icon: 'billing' },
    ],
  },
  // Database: spec 001's per-app database, beside the app's users.
  { title: 'Manage Your App', items: [{ page: 'users', label: 'Users', icon: 'users' }, { page: 'database', label: 'Database', icon: 'database' }, { page: 'app-info', label: 'App Info', icon: 'info' }] },
];

export const appPath = (appId: string, page: AppPageKey = 'dashboard', rest = ''): string =>
  `/developer/apps/${encodeURIComponent(appId)}/${page}${rest ? `/${rest}` : ''}`;

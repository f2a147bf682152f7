// The dashboard sidebar, projects variant (spec 003 "Dashboard").
import type { IconName } from './icons';
import { declaredLinks } from '../pages/declared/menu';

export interface SidebarLink {
  label: string;
  to: string;
  icon: IconName;
  external?: boolean;
}

export const DASHBOARD = '/user/dashboard';

export const workspaceLinks: SidebarLink[] = [
  { label: 'My Projects', to: `${DASHBOARD}/projects`, icon: 'projects' },
  { label: 'Shared Projects', to: `${DASHBOARD}/shared-projects`, icon: 'shared' },
  { label: 'Shared Widgets', to: `${DASHBOARD}/shared-widgets`, icon: 'widgets' },
  { label: 'Widget catalog', to: `${DASHBOARD}/catalog`, icon: 'catalog' },
  { label: "What's New", to: `${DASHBOARD}/new-apps`, icon: 'news' },
  // Declared resources of the user scope (docs/extending.md).
  ...declaredLinks('user').map(({ slug, label, icon }): SidebarLink => ({ label, to: `${DASHBOARD}/${slug}`, icon })),
];

/** Spec 003: the Shared Widgets link shows only when the user has shared widgets. */
export const shownWorkspaceLinks = ({ hasSharedWidgets }: { hasSharedWidgets: boolean }): SidebarLink[] =>
  hasSharedWidgets ? workspaceLinks : workspaceLinks.filter((link) => link.to !== `${DASHBOARD}/shared-widgets`);

// Spec 003 lists external links for affiliates, community and support: all three always show.
// Their addresses are set at build time (VITE_AFFILIATES_URL, VITE_COMMUNITY_URL,
// VITE_SUPPORT_URL); without one, the brand's placeholder pages and the API reference for Support.
const env = import.meta.env as Record<string, string | undefined>;

export const externalLinks: SidebarLink[] = [
  { label: 'Affiliates', to: env.VITE_AFFILIATES_URL || 'https://nindo.example/affiliates', icon: 'external', external: true },
  { label: 'Community', to: env.VITE_COMMUNITY_URL || 'https://nindo.example/community', icon: 'external', external: true },
  { label: 'Support', to: env.VITE_SUPPORT_URL || '/docs', icon: 'external', external: true },
];

export const accountLinks: SidebarLink[] = [
  { label: 'Account', to: `${DASHBOARD}/account`, icon: 'account' },
  { label: 'Billing', to: `${DASHBOARD}/billing`, icon: 'billing' },
];

/** @jest-environment ./test/web/jsdom-fetch-environment.ts */
// Declared resources in the shells (issue 23 item 3): each gets its routes under its scope (a
// project's pages, an app's pages, the dashboard) and, when it declares a `screen`, an entry in
// that scope's menu with its title and icon.
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { DeclaredScreen, ScreenMenu } from '../../../forms/resource/declared';
import { client } from '../../../generated/client/client.gen';
import { routes } from '../../../web/src/routes';
import { declaredLinks } from '../../../web/src/pages/declared/menu';
import { ProjectSidebar } from '../../../web/src/pages/workspace/projects/ProjectSidebar';
import { SideMenu } from '../../../web/src/pages/developer/shell/SideMenu';

// An Announcement in each scope: the project's as declared, an app's and a user's (the user's without a `screen`).
jest.mock('../../../web/src/pages/declared/screens', () => {
  const { announcementScreens } = jest.requireActual<{ announcementScreens: () => DeclaredScreen[] }>('./announcement-screens');
  const [announcement] = announcementScreens();
  const screens: DeclaredScreen[] = [
    announcement,
    { ...announcement, scope: 'app', menu: 'app', slug: 'release-notes', title: 'Release notes', icon: 'not-an-icon' },
    { ...announcement, scope: 'user', menu: 'user', slug: 'reminders', title: 'Reminders', inMenu: false },
  ];
  return { DECLARED_SCREENS: screens, screensIn: (menu: ScreenMenu) => screens.filter((one) => one.menu === menu) };
});

/** Every route path of the table, joined with its parents'. */
const pathsOf = (table: ReadonlyArray<RouteObject>, parent = ''): string[] =>
  table.flatMap((route) => {
    const path = route.path ? (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`) : parent;
    return [...(route.path ? [path] : []), ...pathsOf(route.children ?? [], path)];
  });

const renderIn = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

beforeAll(() => client.setConfig({ baseUrl: 'http://localhost', fetch: async () => new Response('{}', { status: 404 }) }));

describe('declared resources in the shells', () => {
  it('get a list route and a details route under their scope', () => {
    const paths = pathsOf(routes);
    expect(paths).toEqual(expect.arrayContaining([
      '/user/dashboard/projects/:projectId/announcements',
      '/user/dashboard/projects/:projectId/announcements/:id',
      '/developer/apps/:appId/release-notes',
      '/developer/apps/:appId/release-notes/:id',
      '/user/dashboard/reminders',
      '/user/dashboard/reminders/:id',
    ]));
  });

  it('show in the project sidebar after the project pages', () => {
    renderIn(<ProjectSidebar projectId="site" upgrade={null} />);
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links.at(-1)).toEqual(['Announcements', '/user/dashboard/projects/site/announcements']);
    expect(links.at(-2)?.[0]).toBe('Permissions');
  });

  it('show in the app menu, with a page icon for an icon the app does not have', () => {
    renderIn(<SideMenu appId="app1" />);
    const link = screen.getByRole('link', { name: 'Release notes' });
    expect(link.getAttribute('href')).toBe('/developer/apps/app1/release-notes');
    expect(link.querySelector('svg path')?.getAttribute('d')).toBe('M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h6');
  });

  it('give no menu entry to a declaration without a screen', () => {
    expect(declaredLinks('user')).toEqual([]);
    expect(declaredLinks('project')).toEqual([{ slug: 'announcements', label: 'Announcements', icon: 'megaphone' }]);
  });
});

/** @jest-environment ./test/web/jsdom-environment.ts */
// The route table's `lazy` entries render through the declarative router: nested pages with
// their Outlet, index routes, plain elements, and a page whose chunk fails to load.
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Navigate, Outlet, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { toElementRoutes } from '../../web/src/element-routes';

const page = (text: string) => async () => ({ Component: () => <p>{text}</p> });

const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/shell" replace /> },
  {
    path: '/shell',
    lazy: async () => ({
      Component: () => (
        <main>
          <h1>Shell</h1>
          <Outlet />
        </main>
      ),
    }),
    children: [
      { index: true, lazy: page('Shell home') },
      { path: 'apps', lazy: page('Apps') },
    ],
  },
  { path: '/broken', lazy: () => Promise.reject(new Error('chunk gone')) },
];

function App() {
  return useRoutes(toElementRoutes(routes));
}

const open = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

describe('element routes', () => {
  it.each([
    ['/shell/apps', 'Apps'],
    ['/shell', 'Shell home'],
    ['/', 'Shell home'],
  ])('%s renders the lazy shell and, in its outlet, %s', async (path, text) => {
    open(path);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Shell' })).toBeTruthy();
  });

  it('asks for a reload when a page cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    open('/broken');
    expect((await screen.findByRole('alert')).textContent).toContain('This page could not be loaded.');
    expect(screen.getByRole('link', { name: 'Reload' })).toBeTruthy();
  });
});

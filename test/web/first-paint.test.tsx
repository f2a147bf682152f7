/** @jest-environment ./test/web/jsdom-environment.ts */
// The first paint is the shape of the final layout, never a blank page (issue 37): index.html
// holds the shell's placeholder, web/public/first-paint.js picks its kind by address as
// web/src/layouts/first-paint.ts does, and while a route's code loads React shows the same shape
// (a shell's at the top level, a page's inside a shell).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { firstPaintKind } from '../../web/src/layouts/first-paint';
import type { FirstPaintKind } from '../../web/src/layouts/first-paint';
import { toElementRoutes } from '../../web/src/element-routes';

const WEB = join(__dirname, '..', '..', 'web');
const INDEX = readFileSync(join(WEB, 'index.html'), 'utf8');
const SCRIPT = readFileSync(join(WEB, 'public', 'first-paint.js'), 'utf8');

const ADDRESSES: Array<[string, FirstPaintKind]> = [
  ['/', 'owner'],
  ['/user/dashboard/projects', 'owner'],
  ['/dashboard', 'owner'],
  ['/developer/apps', 'developer'],
  ['/developer/apps/demo/dashboard', 'developer'],
  ['/developer/login', 'plain'],
  ['/developer/join', 'plain'],
  ['/login', 'plain'],
  ['/pricing/bundle', 'plain'],
  ['/embed/pricing/bundle', 'none'],
  ['/hosted/card-fields', 'none'],
];

/** Runs the public script on index.html's body at `pathname` and answers the kind it set. */
function scriptKind(pathname: string): string | null {
  document.body.innerHTML = INDEX.slice(INDEX.indexOf('<div id="root">'), INDEX.indexOf('<script src="/first-paint.js">'));
  window.history.replaceState(null, '', pathname);
  new Function(SCRIPT)();
  return document.querySelector('#root > .first-paint')?.getAttribute('data-kind') ?? null;
}

describe('the first paint', () => {
  it('is the shell\'s shape in index.html, before any script runs', () => {
    expect(INDEX).toMatch(/<div id="root"><div class="first-paint"[^>]*aria-busy="true">/);
    expect(INDEX).toContain('<script src="/first-paint.js"></script>');
  });

  it.each(ADDRESSES)('at %s is %s, by the page\'s script and by the app alike', (pathname, kind) => {
    expect(firstPaintKind(pathname)).toBe(kind);
    expect(scriptKind(pathname)).toBe(kind);
  });
});

describe('while a route\'s code loads', () => {
  let finish: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { finish = resolve; });
  const routes: RouteObject[] = [
    {
      path: '/user/dashboard',
      lazy: async () => ({ Component: () => <main><Outlet /></main> }),
      children: [{ path: 'projects', lazy: async () => { await held; return { Component: () => <h1>My Projects</h1> }; } }],
    },
  ];
  function App() {
    return useRoutes(toElementRoutes(routes));
  }

  it('shows the shell\'s shape, then a page\'s shape inside the shell, then the page', async () => {
    document.body.innerHTML = '';
    render(<MemoryRouter initialEntries={['/user/dashboard/projects']}><App /></MemoryRouter>);
    expect(document.querySelector('.first-paint')?.getAttribute('data-kind')).toBe('owner');
    expect(await screen.findByRole('main')).toBeTruthy();
    expect(screen.getByRole('main').querySelector('.skeleton--page')).not.toBeNull();
    expect(document.querySelector('.first-paint')).toBeNull();
    await act(async () => finish());
    expect(await screen.findByRole('heading', { name: 'My Projects' })).toBeTruthy();
    expect(document.querySelector('.skeleton')).toBeNull();
  });
});

// The route table keeps data-router style `lazy` entries, but the app renders it with the
// declarative router (BrowserRouter + useRoutes): createBrowserRouter brings the data
// router's loaders, actions, fetchers and revalidation, about 13 kB of brotli on every
// page's first load, and no screen uses them. Each `lazy` becomes a React.lazy element.
import { Component, lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { FirstPaint } from './layouts/FirstPaint';
import { PageSkeleton } from './components/Skeleton';

type LazyPage = () => Promise<{ Component?: ComponentType | null }>;

/** A page that fails to load (a chunk gone after a deploy) or to render asks for a reload instead of blanking the app. */
class PageFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="alert alert-danger" role="alert">
        This page could not be loaded. <a href={window.location.href}>Reload</a>
      </div>
    );
  }
}

let pages = 0;

/**
 * While a page's code loads: a top-level route (a shell, a standalone page) shows the shell's
 * shape of its address, a page inside a shell the shape of a page, never a blank (issue 37).
 */
function lazyElement({ load, nested }: { load: LazyPage; nested: boolean }): ReactNode {
  const Page = lazy(async () => {
    const { Component: Loaded } = await load();
    if (!Loaded) throw new Error('A lazy route gave no Component');
    return { default: Loaded };
  });
  // Its own key, so that moving to another route starts a fresh boundary (as the data router did).
  pages += 1;
  return (
    <PageFailure key={`page-${pages}`}>
      <Suspense fallback={nested ? <PageSkeleton /> : <FirstPaint />}>
        <Page />
      </Suspense>
    </PageFailure>
  );
}

/** The same table with each `lazy: () => ({ Component })` turned into an element, for useRoutes. */
export function toElementRoutes(routes: RouteObject[], nested = false): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { lazy: load, children, ...rest } = route;
    const element = typeof load === 'function' ? lazyElement({ load: load as LazyPage, nested }) : rest.element;
    if (rest.index) return { ...rest, index: true, element };
    return { ...rest, element, children: children && toElementRoutes(children, true) };
  });
}

// A route per declared resource of a menu: its list at `<prefix><slug>` and a record's details
// at `<prefix><slug>/:id`, spread into the children of the scope's shell (the project pages, an
// app's pages, the dashboard). No declared resource: no route.
import type { RouteObject } from 'react-router';
import type { DeclaredScreen, ScreenMenu } from '../../../../forms/resource/declared';
import { screensIn } from './screens';

const screenRoute = (screen: DeclaredScreen): RouteObject['lazy'] => async () => {
  const { DeclaredResourcePage } = await import('./DeclaredResourcePage');
  return { Component: () => <DeclaredResourcePage screen={screen} /> };
};

export function declaredRoutes({ menu, prefix = '' }: { menu: ScreenMenu; prefix?: string }): RouteObject[] {
  return screensIn(menu).flatMap((screen) => {
    const lazy = screenRoute(screen);
    return [
      { path: `${prefix}${screen.slug}`, lazy },
      { path: `${prefix}${screen.slug}/:id`, lazy },
    ];
  });
}

// Which placeholder the page paints before its code arrives (issue 37: the first paint was
// blank): the site owner's or the developer's shell (a sidebar beside the page, a top bar on a
// phone), a plain page, or nothing inside another site's frame. web/public/first-paint.js applies
// the same rule to index.html's placeholder (test/web/first-paint.test.tsx keeps the two agreeing).

export type FirstPaintKind = 'owner' | 'developer' | 'plain' | 'none';

/** Addresses framed by other sites, or the card fields' own pages: they paint nothing of ours. */
const FRAMED = /^\/(embed|hosted)(\/|$)/;
/** The portal's screens for someone not (yet) signed in as a developer. */
const DEVELOPER_OUTSIDE = /^\/developer\/(login|signup|forgot|join|terms)(\/|$)/;
/** Screens of the site owner's shell: the dashboard, and the addresses that lead there. */
const OWNER = /^\/($|dashboard(\/|$)|user\/dashboard(\/|$))/;

export function firstPaintKind(pathname: string): FirstPaintKind {
  if (FRAMED.test(pathname)) return 'none';
  if (pathname.startsWith('/developer') && !DEVELOPER_OUTSIDE.test(pathname)) return 'developer';
  return OWNER.test(pathname) ? 'owner' : 'plain';
}

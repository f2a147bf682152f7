// The tour of every screen: each route of the web app (route-patterns.ts) with its parameters
// filled from the demo data (route-params.ts), visited by the account it belongs to, one browser
// context per account, one page load per address. The accessibility gate
// (test/e2e/accessibility.e2e.ts) and `npm run screenshots` (scripts/screenshots.ts) both walk it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_DEVELOPER, DEMO_FREE_OWNER, DEMO_OWNER } from '../../../server/demo/accounts';
import { ACCOUNT_TABS } from '../../../web/src/pages/dashboard/account-tabs';
import { addressesOf } from './route-params';
import { routePatterns } from './route-patterns';

/** Who visits: signed out, a demo site owner (paying, or on the free plan), or the demo developer. */
export type Audience = 'visitor' | 'owner' | 'free' | 'developer';

export interface TourStop {
  audience: Audience;
  /** The route pattern, or the pattern and its query for a tab or popup addressed by a query. */
  pattern: string;
  address: string;
}

const AUTH_SCREEN = /^(\/embed)?(\/developer)?\/(login|signup|forgot)$/;
/** Screens for someone signed out: signing in, links from mails, and the embed's sign-in ends (one signs out). */
const VISITOR = [AUTH_SCREEN, /^\/(reset|confirm)\//, /^\/auth\/post-login$/, /^\/embed\/(auth-success|logout)$/, /^\/(unsubscribe|feedback)$/];
/** The portal's join and terms screens are for a signed-in user who is not a developer yet. */
const NOT_YET_DEVELOPER = /^\/developer\/(join|terms)$/;

/** Whose screens a route is: the site owners' routes are toured by each owner account that is open. */
export function audienceOf(pattern: string): 'visitor' | 'owner' | 'developer' {
  if (VISITOR.some((re) => re.test(pattern))) return 'visitor';
  if (pattern.startsWith('/developer/') && !NOT_YET_DEVELOPER.test(pattern)) return 'developer';
  return 'owner';
}

/** Tabs and popups whose address is a query on a route. */
const QUERY_ADDRESSES: Array<{ pattern: string; queries: string[] }> = [
  { pattern: '/user/dashboard/account', queries: ACCOUNT_TABS.map((tab) => `tab=${tab.id}`) },
  { pattern: '/developer/apps', queries: ['create=1'] },
];

const ACCOUNTS: Record<Exclude<Audience, 'visitor'>, { email: string; password: string }> = { owner: DEMO_OWNER, free: DEMO_FREE_OWNER, developer: DEMO_DEVELOPER };

export interface TourContexts {
  contexts: Partial<Record<Audience, BrowserContext>> & Record<'visitor' | 'owner' | 'developer', BrowserContext>;
  close: () => Promise<void>;
}

/**
 * One browser context per audience, the accounts signed in through the API (the context shares
 * its cookies). `withFreeOwner` tours the site owner's routes a second time as the free-plan owner.
 */
export async function openTourContexts({
  browser,
  baseUrl,
  withFreeOwner = false,
  viewport = { width: 1280, height: 820 },
}: {
  browser: Browser;
  baseUrl: string;
  withFreeOwner?: boolean;
  viewport?: { width: number; height: number };
}): Promise<TourContexts> {
  const open = () => browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce' });
  const contexts: TourContexts['contexts'] = { visitor: await open(), owner: await open(), developer: await open(), ...(withFreeOwner ? { free: await open() } : {}) };
  for (const audience of ['owner', 'free', 'developer'] as const) {
    const context = contexts[audience];
    if (!context) continue;
    const { email, password } = ACCOUNTS[audience];
    const answer = await context.request.post('/api/user/login', { data: { username: email, password, captchaToken: 'tour' } });
    if (!answer.ok()) throw new Error(`signing in ${email} answered ${answer.status()}: ${await answer.text()}`);
  }
  return { contexts, close: async () => void (await Promise.all(Object.values(contexts).map((c) => c.close()))) };
}

/**
 * Every stop of the tour, in route-table order. A route the paying owner or the developer cannot
 * be shown with the demo data fails the tour; the free owner skips what it has no data for.
 */
export async function tourStops({ contexts }: Pick<TourContexts, 'contexts'>): Promise<TourStop[]> {
  const stops: TourStop[] = [];
  for (const pattern of routePatterns()) {
    const routeAudience = audienceOf(pattern);
    const audiences: Audience[] = routeAudience === 'owner' && contexts.free ? ['owner', 'free'] : [routeAudience];
    for (const audience of audiences) {
      const api = { owner: (contexts[audience === 'free' ? 'free' : 'owner'] ?? contexts.owner).request, developer: contexts.developer.request };
      const addresses = await addressesOf({ pattern, api });
      if (addresses.length === 0 && audience !== 'free') throw new Error(`route ${pattern}: the demo data gives it no address (${audience})`);
      for (const address of addresses) stops.push({ audience, pattern, address });
      for (const extra of QUERY_ADDRESSES.filter((q) => q.pattern === pattern)) {
        for (const query of extra.queries) stops.push({ audience, pattern: `${pattern}?${query}`, address: `${pattern}?${query}` });
      }
    }
  }
  return stops;
}

/** A page per audience of the tour's contexts. */
export async function tourPages({ contexts }: Pick<TourContexts, 'contexts'>): Promise<Partial<Record<Audience, Page>>> {
  const pages: Partial<Record<Audience, Page>> = {};
  for (const [audience, context] of Object.entries(contexts) as Array<[Audience, BrowserContext]>) pages[audience] = await context.newPage();
  return pages;
}

/** What shows while a page still loads: spinners, busy regions (charts) and AG Grid's loading overlay. */
const LOADING = '.spinner, [aria-busy="true"], [class*="ag-overlay-loading"]';

/**
 * Opens an address and waits until the page has settled: requests done, nothing still loading and
 * every image in view arrived (a lazily loaded preview would otherwise be shot empty), or 10 s.
 */
export async function visit(page: Page, address: string): Promise<void> {
  await page.goto(address, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      (selector) => {
        // AG Grid keeps its overlay's wrapper in the page, hidden, once the rows are there.
        const loading = [...document.querySelectorAll(selector)].some((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden');
        const inView = (img: HTMLImageElement) => {
          const box = img.getBoundingClientRect();
          return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
        };
        return !loading && [...document.images].filter(inView).every((img) => img.complete);
      },
      LOADING,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/** A file name for an address: `developer-apps-demo-review-booster-payments-plans`. */
export const fileNameOf = (stop: TourStop): string =>
  `${stop.audience}--${stop.address.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '') || 'root'}`;

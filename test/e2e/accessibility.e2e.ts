// The accessibility gate: axe-core on every route of both apps (the tour, test/e2e/tour/),
// signed in with the demo data, with 0 serious or critical violations and every form control
// named; and a popup that keeps focus inside, closes on Escape and gives focus back.
import type { Scenario } from './scenario';
import { blockingFindings, structureFindings } from './tour/axe';
import type { Finding } from './tour/axe';
import { openTourContexts, tourPages, tourStops, visit } from './tour/tour';
import { DEMO_DEVELOPER, DEMO_OWNER } from '../../server/demo/accounts';
import type { TourStop } from './tour/tour';
import { until, visible } from './expect';
import type { Browser, Locator, Page } from 'playwright-core';

async function signIn(page: Page, { email, password } = DEMO_OWNER): Promise<void> {
  const answer = await page.request.post('/api/user/login', { data: { username: email, password, captchaToken: 'e2e' } });
  if (!answer.ok()) throw new Error(`signing in ${email} answered ${answer.status()}`);
}

const focusInside = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate((s) => Boolean(document.activeElement && document.querySelector(s)?.contains(document.activeElement)), selector);

const isFocused = (locator: Locator): Promise<boolean> => locator.evaluate((element) => element === document.activeElement);

/** Tab and Shift+Tab round the layer more times than it has controls: focus never leaves it. */
async function tabsStayInside(page: Page, selector: string): Promise<void> {
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    if (!(await focusInside(page, selector))) throw new Error(`${key} moved focus out of ${selector}`);
  }
}

/** Screens inside the site owner's shell or the developer portal's (signed in). */
const SHELL_SCREEN = /^\/(user\/dashboard|developer\/(apps|account))(\/|\?|$)/;

const describe = (stop: TourStop, findings: Finding[]): string =>
  [`${stop.address} (${stop.audience}):`, ...findings.map((f) => `  ${f.impact} ${f.rule}: ${f.help} at ${f.targets.join(', ')} (${f.summary})`)].join('\n');

/** Every address of the tour (or those `only` matches), each loaded and checked: how many, and each one's findings. */
async function tourFindings({ browser, baseUrl, findingsOf, only }: { browser: Browser; baseUrl: string; findingsOf: (page: Page) => Promise<Finding[]>; only?: RegExp }): Promise<{ stops: number; failures: string[] }> {
  const tour = await openTourContexts({ browser, baseUrl });
  try {
    const stops = (await tourStops(tour)).filter((stop) => !only || only.test(stop.address));
    const pages = await tourPages(tour);
    const failures: string[] = [];
    for (const stop of stops) {
      const page = pages[stop.audience];
      if (!page) throw new Error(`no page for ${stop.audience}`);
      await visit(page, stop.address);
      const findings = await findingsOf(page);
      if (findings.length > 0) failures.push(describe(stop, findings));
    }
    return { stops: stops.length, failures };
  } finally {
    await tour.close();
  }
}

export const scenarios: Scenario[] = [
  {
    name: 'every route has no serious or critical axe violation and labels every control',
    // About 95 addresses, one load and one axe run each (2 to 3 s apiece on a loaded 2-core machine).
    timeoutMs: 600_000,
    run: async ({ browser, baseUrl }) => {
      const { stops, failures } = await tourFindings({ browser, baseUrl, findingsOf: blockingFindings });
      console.log(`    axe: ${stops} addresses, ${failures.length} with blocking violations`);
      if (failures.length > 0) throw new Error(`axe found blocking violations on ${failures.length} of ${stops} addresses:\n${failures.join('\n')}`);
    },
  },
  {
    // Issue 37: the site owner's shell had no <main> on any screen; developer screens skipped heading levels.
    name: 'every screen of both shells has one main landmark and headings that never skip a level (axe, moderate and up)',
    timeoutMs: 600_000,
    run: async ({ browser, baseUrl }) => {
      const { stops, failures } = await tourFindings({ browser, baseUrl, findingsOf: structureFindings, only: SHELL_SCREEN });
      console.log(`    axe structure: ${stops} shell addresses, ${failures.length} with findings`);
      if (stops < 30) throw new Error(`only ${stops} shell addresses in the tour`);
      if (failures.length > 0) throw new Error(`axe found structure violations on ${failures.length} of ${stops} addresses:\n${failures.join('\n')}`);
    },
  },
  {
    name: 'a popup keeps focus inside, closes on Escape and gives focus back to its opener',
    run: async ({ page, screenshot }) => {
      await signIn(page);
      await page.goto('/user/dashboard/projects/demo-project-store/settings');
      const opener = page.getByRole('button', { name: 'Delete project' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: /^Delete / });
      await visible(dialog);
      await until(() => focusInside(page, '[role="dialog"]'), 'focus inside the popup');
      await tabsStayInside(page, '[role="dialog"]');
      await screenshot('popup-focus-kept');
      await page.keyboard.press('Escape');
      await until(async () => (await dialog.count()) === 0, 'the popup to close on Escape');
      await until(() => isFocused(opener), 'focus back on Delete project');
    },
  },
  {
    name: 'on a phone the sidebar is a drawer behind Menu that closes on Escape and gives focus back',
    run: async ({ page, screenshot }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [address, account] of [['/user/dashboard/projects', DEMO_OWNER], ['/developer/apps', DEMO_DEVELOPER]] as const) {
        await signIn(page, account);
        await page.goto(address);
        const menu = page.getByRole('button', { name: 'Menu' });
        await visible(menu);
        if ((await menu.getAttribute('aria-expanded')) !== 'false') throw new Error(`Menu is not closed at first at ${address}`);
        if (await page.locator('.app-frame__side').isVisible()) throw new Error(`the sidebar shows before Menu is pressed at ${address}`);
        const heading = page.locator('.app-frame__page h1').first();
        await visible(heading);
        if (((await heading.boundingBox())?.y ?? 999) > 200) throw new Error(`the page's title is pushed below the first screen's top at ${address}`);
        await menu.click();
        if ((await menu.getAttribute('aria-expanded')) !== 'true') throw new Error('Menu does not say it is open');
        await until(() => focusInside(page, '.app-frame__side'), 'focus in the drawer');
        await tabsStayInside(page, '.app-frame__side');
        await screenshot(`phone-drawer-${address.split('/')[1]}`);
        await page.keyboard.press('Escape');
        await until(async () => (await menu.getAttribute('aria-expanded')) === 'false', 'the drawer to close on Escape');
        await until(() => isFocused(menu), 'focus back on Menu');
      }
    },
  },
];

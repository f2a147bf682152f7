// `npm run screenshots`: the product with its demo data, photographed. Builds it (skip with
// --no-build), starts it on a free port and a fresh SQLite file, signs in as each demo account
// and saves a full-page screenshot of every route of both apps, each tab and popup with an address
// of its own (the tour, test/e2e/tour/), plus the phone drawer, into a folder (default ./screenshots).
//   npm run screenshots -- [--no-build] [--out DIR]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { freePort, startServer, stopServer, waitForHealth } from '../test/helpers/server-process';
import { fileNameOf, openTourContexts, tourPages, tourStops, visit } from '../test/e2e/tour/tour';

const ROOT = resolve(__dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PHONE = { width: 390, height: 844 };

/** Each app on a phone: the page under its top bar, then the drawer Menu opens. */
async function phoneDrawers({ pages, out }: { pages: Array<{ page: Page; address: string }>; out: string }): Promise<number> {
  for (const { page, address } of pages) {
    const name = `phone--${address.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')}`;
    await page.setViewportSize(PHONE);
    await visit(page, address);
    await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.screenshot({ path: join(out, `${name}-menu.png`) });
  }
  return pages.length * 2;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false }, out: { type: 'string', default: 'screenshots' } } });
  const out = resolve(ROOT, values.out);
  if (!values['no-build']) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  mkdirSync(out, { recursive: true });
  for (const file of readdirSync(out).filter((f) => f.endsWith('.png'))) rmSync(join(out, file));
  const dataDir = mkdtempSync(join(tmpdir(), 'nindo-screenshots-'));
  const server = startServer({ port: await freePort(), sqlitePath: join(dataDir, 'tour.sqlite'), logFile: join(dataDir, 'server.log'), compiled: true, args: ['--demo'] });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const started = Date.now();
  try {
    await waitForHealth({ server, timeoutMs: 90_000 });
    const tour = await openTourContexts({ browser, baseUrl: server.baseUrl, withFreeOwner: true });
    const stops = await tourStops(tour);
    const pages = await tourPages(tour);
    for (const stop of stops) {
      const page = pages[stop.audience];
      if (!page) throw new Error(`no page for ${stop.audience}`);
      await visit(page, stop.address);
      await page.screenshot({ path: join(out, `${fileNameOf(stop)}.png`), fullPage: true });
    }
    const phone = await phoneDrawers({
      out,
      pages: [
        { page: await tour.contexts.owner.newPage(), address: '/user/dashboard/projects' },
        { page: await tour.contexts.developer.newPage(), address: '/developer/apps/demo-review-booster/dashboard' },
      ],
    });
    await tour.close();
    console.log(`${stops.length + phone} screenshots in ${Math.round((Date.now() - started) / 1000)} s: ${out}`);
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

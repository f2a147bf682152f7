// The JavaScript a page makes the browser receive on its first load, measured in headless
// Chromium against the built server: every script response until the network is quiet, in
// bytes on the wire (compressed body and headers, Chromium's encodedDataLength). The server is
// the production build (dist/server when built, else server/main.ts) serving web/dist with its
// precompressed files, on demo data, so the signed-in pages are measured signed in.
// Shared by scripts/check-bundle.ts (CI budgets) and the bench.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';
import { freePort, startServer, stopServer, waitForHealth } from '../test/helpers/server-process';

const ROOT = resolve(__dirname, '..');
export const WEB_DIST = join(ROOT, 'web', 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const KB = 1024;
/** After the network is quiet, how long to keep listening for chunks requested late (idle callbacks). */
const SETTLE_MS = 1000;
const START_TIMEOUT_MS = 90_000;

/** A demo account (server/demo) the page is opened as. */
interface SignedIn {
  username: string;
  password: string;
}

export interface BudgetedPage {
  name: string;
  path: string;
  /** kB the page's scripts may weigh on the wire. */
  budgetKb: number;
  as?: SignedIn;
}

const OWNER: SignedIn = { username: 'owner@demo.nindo', password: 'nindo-demo-owner' };
const DEVELOPER: SignedIn = { username: 'developer@demo.nindo', password: 'nindo-demo-developer' };

/** The entry routes: the sign-in pages, and the signed-in dashboard of each app. */
export const BUDGETS: BudgetedPage[] = [
  { name: 'login', path: '/login', budgetKb: 153 },
  { name: 'signup', path: '/signup', budgetKb: 153 },
  { name: 'forgot', path: '/forgot', budgetKb: 153 },
  { name: 'developer login', path: '/developer/login', budgetKb: 153 },
  { name: 'user dashboard', path: '/user/dashboard', budgetKb: 215, as: OWNER },
  { name: 'developer portal (/developer/apps)', path: '/developer/apps', budgetKb: 206, as: DEVELOPER },
];

export interface ScriptLoad {
  /** Path of the script, from the site's root (/assets/...). */
  path: string;
  /** Bytes on the wire: compressed body and response headers. */
  bytes: number;
  encoding: string;
}

export interface PageLoad {
  page: BudgetedPage;
  /** Where the page ended (a signed-in page that sends to the login page did not load as measured). */
  finalPath: string;
  scripts: ScriptLoad[];
  bytes: number;
}

async function signIn({ context, baseUrl, as }: { context: BrowserContext; baseUrl: string; as: SignedIn }): Promise<void> {
  // No captcha provider is configured for the measuring server; the field is still required.
  const res = await context.request.post(`${baseUrl}/api/user/login`, { data: { ...as, captchaToken: 'first-load' } });
  if (!res.ok()) throw new Error(`signing in as ${as.username}: ${res.status()} ${await res.text()}`);
}

async function loadPage({ context, baseUrl, page: budgeted }: { context: BrowserContext; baseUrl: string; page: BudgetedPage }): Promise<PageLoad> {
  if (budgeted.as) await signIn({ context, baseUrl, as: budgeted.as });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<string, { url: string; encoding: string }>();
  const scripts: ScriptLoad[] = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') responses.set(event.requestId, { url: event.response.url, encoding: String(event.response.headers['Content-Encoding'] ?? event.response.headers['content-encoding'] ?? '') });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response) scripts.push({ path: new URL(response.url).pathname, bytes: event.encodedDataLength, encoding: response.encoding });
  });
  await page.goto(`${baseUrl}${budgeted.path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(SETTLE_MS);
  const finalPath = new URL(page.url()).pathname;
  await page.close();
  scripts.sort((a, b) => b.bytes - a.bytes);
  return { page: budgeted, finalPath, scripts, bytes: scripts.reduce((sum, script) => sum + script.bytes, 0) };
}

/** Starts the built server on demo data and opens each page in a fresh Chromium context. */
export async function measureFirstLoads(pages: BudgetedPage[] = BUDGETS): Promise<PageLoad[]> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` (or vite build --configLoader runner --config web/vite.config.ts) first');
  const dataDir = mkdtempSync(join(tmpdir(), 'nindo-first-load-'));
  const compiled = existsSync(join(ROOT, 'dist', 'server', 'main.js'));
  const server = startServer({ port: await freePort(), sqlitePath: join(dataDir, 'first-load.sqlite'), logFile: join(dataDir, 'server.log'), compiled, args: ['--demo'] });
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    await waitForHealth({ server, timeoutMs: START_TIMEOUT_MS });
    const loads: PageLoad[] = [];
    for (const page of pages) {
      const context = await browser.newContext();
      try {
        loads.push(await loadPage({ context, baseUrl: server.baseUrl, page }));
      } finally {
        await context.close();
      }
    }
    return loads;
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The text of a loaded script as built (web/dist), to look for libraries in it. */
export const scriptText = (path: string): string => readFileSync(join(WEB_DIST, path), 'utf8');

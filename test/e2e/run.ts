// End-to-end runner: starts the production build (web/dist and dist/server: `npm run build`) with
// its demo data on a fresh temporary SQLite file and a free port, with stripe-mock as its Stripe
// (scripts/peers/stripe-mock.sh) and the local PayPal fake as its PayPal
// (test/helpers/paypal-fake.ts), then runs every scenario of test/e2e/*.e2e.ts in headless
// Chromium, each in its own browser context; a scenario that declares its own server (another
// document and web build, test/e2e/declared-screens.e2e.ts) runs against that one. Usage:
//   tsx test/e2e/run.ts [words...]   (only scenarios whose file or name contains a word)
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import type { Scenario } from './scenario';
import { freePort, startServer, stopServer, waitForHealth } from '../helpers/server-process';
import { startPayPalFake } from '../helpers/paypal-fake';
import { startStripeMock } from '../helpers/stripe-mock';

const ROOT = resolve(__dirname, '..', '..');
const RESULTS = join(ROOT, 'test-results');
const SCREENS = join(RESULTS, 'screens');
const FAILURES = join(RESULTS, 'failures');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const START_TIMEOUT_MS = 90_000;
const SCENARIO_TIMEOUT_MS = 180_000;
const ACTION_TIMEOUT_MS = 15_000;

async function loadScenarios(words: string[]): Promise<Array<Scenario & { file: string }>> {
  const files = readdirSync(__dirname).filter((f) => f.endsWith('.e2e.ts')).sort();
  const all: Array<Scenario & { file: string }> = [];
  for (const file of files) {
    const mod = (await import(join(__dirname, file))) as { scenarios?: Scenario[] };
    for (const scenario of mod.scenarios ?? []) all.push({ ...scenario, file });
  }
  return words.length === 0 ? all : all.filter((s) => words.some((w) => s.file.includes(w) || s.name.includes(w)));
}

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([work, new Promise<T>((_, fail) => setTimeout(() => fail(new Error(`timed out after ${ms} ms`)), ms).unref())]);

async function runInContext({ browser, baseUrl, scenario }: { browser: Browser; baseUrl: string; scenario: Scenario }): Promise<void> {
  // Reduced motion: screenshots never catch an animation half-way.
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 820 }, reducedMotion: 'reduce' });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const page = await context.newPage();
  const browserErrors: string[] = [];
  page.on('pageerror', (err) => browserErrors.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') browserErrors.push(`console: ${msg.text()}`);
  });
  const screenshot = async (name: string, target = page): Promise<void> => {
    await target.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true });
  };
  try {
    await withTimeout(scenario.run({ browser, context, page, baseUrl, screenshot }), scenario.timeoutMs ?? SCENARIO_TIMEOUT_MS);
  } catch (err) {
    const file = join(FAILURES, `${scenario.name.replace(/[^a-z0-9]+/gi, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    const message = err instanceof Error ? err.message : String(err);
    throw new Error([message, ...browserErrors.slice(0, 5)].join('\n    '));
  } finally {
    await context.close();
  }
}

/** On the shared server, or on the scenario's own, started first and stopped after. */
async function runOne({ browser, baseUrl, scenario }: { browser: Browser; baseUrl: string; scenario: Scenario }): Promise<void> {
  if (!scenario.server) return runInContext({ browser, baseUrl, scenario });
  const own = await scenario.server();
  try {
    await runInContext({ browser, baseUrl: own.baseUrl, scenario });
  } finally {
    await own.stop();
  }
}

async function main(): Promise<number> {
  for (const dir of [RESULTS, SCREENS, FAILURES]) mkdirSync(dir, { recursive: true });
  if (!existsSync(join(ROOT, 'web', 'dist', 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first');
  const scenarios = await loadScenarios(process.argv.slice(2));
  const dataDir = mkdtempSync(join(tmpdir(), 'nindo-e2e-'));
  // The demo accounts and apps are there to sign in with; Stripe calls go to Stripe's stripe-mock.
  const stripe = await startStripeMock();
  const paypal = await startPayPalFake();
  const server = startServer({
    port: await freePort(),
    sqlitePath: join(dataDir, 'e2e.sqlite'),
    logFile: join(RESULTS, 'e2e-server.log'),
    compiled: true,
    args: ['--demo'],
    env: {
      STRIPE_API_BASE: stripe.url,
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      // Every scenario signs up (and asks for mails) from this machine's one address, within the hour.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
      PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '1000',
      CONFIRMATION_MAILS_PER_ADDRESS_PER_HOUR: '1000',
    },
  });
  const { baseUrl } = server;
  let browser: Browser | undefined;
  let failed = 0;
  try {
    await waitForHealth({ server, timeoutMs: START_TIMEOUT_MS });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    for (const scenario of scenarios) {
      const started = Date.now();
      try {
        await runOne({ browser, baseUrl, scenario });
        console.log(`  ✓ ${scenario.file} › ${scenario.name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed += 1;
        console.log(`  ✗ ${scenario.file} › ${scenario.name} (${Date.now() - started} ms)\n    ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  } finally {
    await browser?.close();
    await stopServer(server);
    await stripe.stop();
    await paypal.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${scenarios.length - failed} passed, ${failed} failed (${scenarios.length} scenarios)`);
  return failed === 0 && scenarios.length > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

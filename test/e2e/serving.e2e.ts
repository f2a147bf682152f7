// The site as a browser gets it: compressed scripts, and no page breaking its own
// Content-Security-Policy (a violation shows as a console error and as a
// securitypolicyviolation event); framing refused except on embed pages.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { Scenario } from './scenario';
import { until, visible } from './expect';
import { signUpThroughApi } from './helpers';
import { freePort, startServer, stopServer, waitForHealth } from '../helpers/server-process';

/** Records CSP violations and script encodings from now on. */
interface Script {
  url: string;
  encoding: string | null;
  bytes: number;
}

function watch(page: Page): { violations: string[]; scripts: Script[] } {
  const violations: string[] = [];
  const scripts: Script[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('response', async (response) => {
    if (!/javascript/.test((await response.headerValue('content-type')) ?? '')) return;
    scripts.push({ url: response.url(), encoding: await response.headerValue('content-encoding'), bytes: (await response.body()).length });
  });
  return { violations, scripts };
}

/**
 * Serves, on another port of this machine, a page that frames `url`. Reached as "localhost"
 * while the app runs on 127.0.0.1, it is another site; it must be a real local server, as
 * Chromium refuses to let a page it cannot place on the network frame a local address.
 */
async function otherSite(html: (url: string) => string): Promise<{ open: (page: Page, url: string) => Promise<void>; close: () => Promise<void> }> {
  let framed = '';
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html(framed)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    open: async (page, url) => {
      framed = url;
      await page.goto(`http://localhost:${port}/`);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const framing = (url: string): string => `<!doctype html><iframe id="frame" src="${url}" style="width: 480px; height: 640px; border: 0"></iframe>`;

/** Stands in for Turnstile's script (the real one is not reachable here): renders its frame and answers. */
const TURNSTILE_STUB = `
const onload = new URL(document.currentScript.src).searchParams.get('onload');
window.turnstile = { render(element, options) {
  const frame = document.createElement('iframe');
  frame.src = 'https://challenges.cloudflare.com/challenge';
  element.appendChild(frame);
  options.callback('stub-token');
  return 'widget';
} };
window[onload]();
`;

export const scenarios: Scenario[] = [
  {
    name: 'sends the login page compressed and it keeps to its Content-Security-Policy',
    run: async ({ page, screenshot }) => {
      const seen = watch(page);
      const answer = await page.goto('/login');
      assert.match((await answer?.headerValue('content-security-policy')) ?? '', /script-src 'self'/);
      await visible(page.getByLabel('Email'));
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await visible(page.getByText('Email is required'));
      await screenshot('serving-login');
      // Files under 1 kB are sent as they are: compressing them saves less than the headers cost.
      const assets = seen.scripts.filter((s) => new URL(s.url).pathname.startsWith('/assets/') && s.bytes >= 1024);
      assert.ok(assets.length > 0, 'no scripts from /assets');
      assert.deepEqual(
        assets.filter((s) => s.encoding !== 'br'),
        [],
        'every script over 1 kB comes brotli-compressed',
      );
      assert.deepEqual(seen.violations, []);
    },
  },
  {
    name: 'renders /docs without breaking its Content-Security-Policy',
    run: async ({ page, screenshot }) => {
      const seen = watch(page);
      await page.goto('/docs');
      await visible(page.getByText('Liveness and storage engine'));
      await screenshot('serving-docs');
      assert.ok(seen.scripts.some((s) => /\/docs\/scalar-[0-9a-f]+\.js$/.test(s.url) && s.encoding === 'br'), 'Scalar comes brotli-compressed');
      assert.deepEqual(seen.violations, []);
    },
  },
  {
    name: 'the developer portal (forms, ECharts) and the install page keep to the Content-Security-Policy',
    run: async ({ page, context }) => {
      const seen = watch(page);
      await signUpThroughApi({ request: context.request, developer: true });
      const created = await context.request.post('/integrations/developer/apps', { data: { name: 'Policy App' } });
      const { appId } = ((await created.json()) as { data: { appId: string } }).data;
      await page.goto('/developer/apps');
      await visible(page.locator('text=Policy App >> visible=true'));
      await page.goto(`/developer/apps/${appId}/dashboard`);
      await visible(page.locator('canvas'));
      await page.goto(`/developer/apps/${appId}/app-info`);
      await visible(page.getByLabel('Name'));
      await page.goto(`/install/${appId}`);
      await visible(page.locator('text=Policy App >> visible=true'));
      assert.deepEqual(seen.violations, []);
    },
  },
  {
    name: 'another site may frame the embed login but not the login page',
    run: async ({ page, baseUrl }) => {
      const seen = watch(page);
      const site = await otherSite(framing);
      try {
        await site.open(page, `${baseUrl}/embed/login`);
        await visible(page.frameLocator('#frame').getByLabel('Email'));
        assert.deepEqual(seen.violations, []);

        await site.open(page, `${baseUrl}/login`);
        await until(async () => seen.violations.some((v) => v.includes("frame-ancestors 'none'")), 'the browser to refuse framing /login');
        assert.equal(await page.frameLocator('#frame').getByLabel('Email').count(), 0);
      } finally {
        await site.close();
      }
    },
  },
  {
    name: 'with a captcha provider configured, the login page loads its script and frame within the policy',
    run: async ({ page }) => {
      const seen = watch(page);
      const dir = mkdtempSync(join(tmpdir(), 'nindo-captcha-'));
      const server = startServer({
        port: await freePort(),
        sqlitePath: join(dir, 'e2e.sqlite'),
        logFile: join(dir, 'server.log'),
        env: { CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site-key', CAPTCHA_SECRET: 'secret' },
      });
      try {
        await waitForHealth({ server, timeoutMs: 90_000 });
        await page.context().route('https://challenges.cloudflare.com/**', (route) =>
          route.request().resourceType() === 'script'
            ? route.fulfill({ contentType: 'application/javascript', body: TURNSTILE_STUB })
            : route.fulfill({ contentType: 'text/html', body: '<p>challenge</p>' }),
        );
        await page.goto(`${server.baseUrl}/login`);
        await visible(page.frameLocator('iframe[src^="https://challenges.cloudflare.com/"]').getByText('challenge'));
        assert.deepEqual(seen.violations, []);
      } finally {
        await stopServer(server);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];

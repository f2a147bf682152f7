// The embed runtime under a host page's Content-Security-Policy (issue 38): a page of another
// origin with the installation code draws its widgets under no CSP, under a strict one naming
// the product in script-src only (no connect-src, no 'unsafe-inline' styles), and with the
// product in connect-src too; each page loads only the renderer files of the types it shows.
// Also the widget's share page, /w/{guid}, under the product's own CSP.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { Page } from 'playwright-core';
import type { Scenario } from './scenario';
import { visible } from './expect';
import { freePort } from '../helpers/server-process';
import { installationSnippet } from '../../rules/widget-embed';

const DEMO_OWNER = { email: 'owner@demo.nindo', password: 'nindo-demo-owner' };

/** A stranger's website answering `html` under the CSP its path names (?csp=…). */
async function hostSite(pages: Record<string, { html: string; csp?: string }>): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const page = pages[(req.url ?? '/').slice(1)] ?? { html: 'Not found' };
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...(page.csp ? { 'Content-Security-Policy': page.csp } : {}) });
    res.end(page.html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, server };
}

/** The CSP violations a page reports (securitypolicyviolation), read after it drew. */
async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

export const scenarios: Scenario[] = [
  {
    name: 'draws widgets on a host page under no CSP, a strict script-src only CSP and one with connect-src, loading only the renderers it shows',
    run: async ({ context, screenshot, baseUrl }) => {
      const login = await context.request.post('/api/user/login', { data: { username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: 'e2e' } });
      if (!login.ok()) throw new Error(`demo owner login: ${login.status()}`);
      const create = async (type: string, name: string) => {
        const answer = await context.request.post('/api/v1/plugin', { data: { type, name } });
        if (!answer.ok()) throw new Error(`create ${type}: ${answer.status()} ${await answer.text()}`);
        return ((await answer.json()) as { data: { guid: string } }).data.guid;
      };
      const faq = await create('faq', 'CSP FAQ');
      const poll = await create('poll', 'CSP poll');
      const origin = new URL(baseUrl).origin;
      // Collects what the policy refused, so that a refusal shows in the failure, not only a missing widget.
      const watch = `<script>window.cspViolations=[];document.addEventListener('securitypolicyviolation',e=>window.cspViolations.push(e.violatedDirective+' '+e.blockedURI))</script>`;
      const watchHash = `'sha256-${createHash('sha256').update(watch.slice('<script>'.length, -'</script>'.length)).digest('base64')}'`;
      const body = `<h1>A strict site</h1>${installationSnippet({ origin, guid: faq })}\n<div class="nindo-widget" data-widget-id="${poll}"></div>`;
      const policies: Record<string, string | undefined> = {
        none: undefined,
        'script-src': `default-src 'none'; script-src ${origin} ${watchHash}; style-src 'none'; img-src 'none'`,
        'script-and-connect-src': `default-src 'none'; script-src ${origin} ${watchHash}; connect-src ${origin}; style-src 'none'`,
      };
      const site = await hostSite(
        Object.fromEntries(Object.entries(policies).map(([name, csp]) => [name, { html: `<!doctype html><html><head><title>${name}</title>${watch}</head><body>${body}</body></html>`, csp }])),
      );
      try {
        for (const name of Object.keys(policies)) {
          const page = await context.newPage();
          const scripts: string[] = [];
          page.on('request', (request) => {
            if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
          });
          await page.goto(`${site.url}${name}`);
          const widgets = page.locator('.nindo-widget');
          try {
            await visible(widgets.first().getByText('Frequently asked questions'));
            await visible(widgets.nth(1).getByRole('button', { name: 'Vote' }));
          } catch (err) {
            throw new Error(`under CSP '${name}' the widgets did not draw (refused: ${(await violations(page)).join(', ') || 'nothing'}): ${String(err)}`);
          }
          // Styled by the adopted stylesheet even where style-src is 'none': the vote button is the accent colour.
          const background = await widgets.nth(1).getByRole('button', { name: 'Vote' }).evaluate((button) => getComputedStyle(button).backgroundColor);
          if (background === 'rgba(0, 0, 0, 0)' || background === 'rgb(239, 239, 239)') throw new Error(`under CSP '${name}' the widget is unstyled (${background})`);
          const renderers = scripts.filter((path) => /^\/embed\/[a-z-]+\.[0-9a-f]{10}\.js$/.test(path)).map((path) => path.split('/')[2].split('.')[0]).sort();
          if (renderers.join() !== 'faq,poll') throw new Error(`under CSP '${name}' the page loaded the renderers ${renderers.join() || 'none'}, not faq and poll only`);
          const refused = (await violations(page)).filter((violation) => !violation.startsWith('connect-src'));
          if (refused.length > 0) throw new Error(`under CSP '${name}' the policy refused ${refused.join(', ')}`);
          await screenshot(`embed-csp-${name}`, page);
          await page.close();
        }
      } finally {
        await new Promise((resolve) => site.server.close(resolve));
      }

      const shared = await context.newPage();
      const answer = await shared.goto(`/w/${faq}`);
      if (answer?.headers()['x-robots-tag'] !== 'noindex') throw new Error(`the share page is not noindex: ${answer?.headers()['x-robots-tag']}`);
      await visible(shared.locator('.nindo-widget').getByText('Frequently asked questions'));
      if ((await shared.title()) !== 'CSP FAQ') throw new Error(`share page title: ${await shared.title()}`);
      const ogTitle = await shared.locator('meta[property="og:title"]').getAttribute('content');
      if (ogTitle !== 'CSP FAQ') throw new Error(`og:title: ${ogTitle}`);
      await screenshot('widget-share-page', shared);
      await shared.setViewportSize({ width: 390, height: 844 });
      await screenshot('widget-share-page-390', shared);
    },
  },
];

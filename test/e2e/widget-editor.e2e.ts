// The widget editor and the embed runtime end to end: the demo owner opens the Poll card of a
// project's catalog, edits the question and sees the live preview follow, saves, and a page of a
// second origin (another port) with the installation code, and the iframe form, shows the widget
// and, after a vote, its results; Live Preview shows it alone on a page.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { Scenario } from './scenario';
import { until, urlMatches, visible } from './expect';
import { freePort } from '../helpers/server-process';
import { installationSnippet } from '../../rules/widget-embed';

const DEMO_OWNER = { email: 'owner@demo.nindo', password: 'nindo-demo-owner' };
const MARKETING_ID = 'demo-project-marketing';

/** A stranger's website: a tiny server on another port answering one page for every path. */
async function hostSite(html: string): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, server };
}

export const scenarios: Scenario[] = [
  {
    name: 'edits a poll with a live preview, saves it and shows it on a site of another origin',
    run: async ({ page, context, screenshot, baseUrl }) => {
      const login = await context.request.post('/api/user/login', { data: { username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: 'e2e' } });
      if (!login.ok()) throw new Error(`demo owner login: ${login.status()}`);
      // A project that names a domain shows its widgets on that domain's subdomains and nowhere
      // else (issue 19). Chromium sends *.localhost to this machine, so the project names one;
      // named first, as the ingestion remembers a widget's domains for a minute.
      const saved = await context.request.put(`/api/project/${MARKETING_ID}`, { data: { name: 'Marketing site', domain: 'coffee.localhost' } });
      if (!saved.ok()) throw new Error(`project domain: ${saved.status()}`);
      await page.goto(`/user/dashboard/projects/${MARKETING_ID}/catalog`);
      await page.locator('.app-cards [data-record="poll"] a').first().click();
      await urlMatches(page, new RegExp(`/poll/editor\\?projectId=${MARKETING_ID}$`));
      // A new widget starts from the type's templates, or blank.
      await page.getByRole('button', { name: /Start from blank/ }).click();
      await visible(page.getByText('Analytics will be available once you hit Save'));

      const preview = page.frameLocator('iframe[title="Widget preview"]');
      await visible(preview.getByText('Which feature should we build next?'));
      await page.getByLabel(/^Question/).fill('Tea or coffee?');
      await visible(preview.getByText('Tea or coffee?'));
      await page.getByLabel(/^Name/).fill('Drinks poll');
      await screenshot('widget-editor');

      await page.getByRole('button', { name: 'Save' }).click();
      await urlMatches(page, /componentId=[\w-]+$/);
      const guid = new URL(page.url()).searchParams.get('componentId') ?? '';
      await visible(page.getByRole('link', { name: 'Live Preview' }));
      await visible(preview.getByText('Tea or coffee?'));
      await screenshot('widget-editor-saved');
      const [live] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Live Preview' }).click()]);
      await visible(live.locator('.nindo-widget').getByText('Tea or coffee?'));
      if (new URL(live.url()).pathname !== `/preview/${guid}`) throw new Error(`Live Preview opened ${live.url()}`);
      await screenshot('widget-live-preview', live);
      await live.close();

      const origin = new URL(baseUrl).origin;
      const site = await hostSite(
        `<!doctype html><html><head><title>Another site</title></head><body style="font-family:Georgia,serif;max-width:760px;margin:40px auto">` +
          `<h1>Our coffee shop</h1><p>Tell us what you drink.</p>${installationSnippet({ origin, guid })}` +
          `<h2>The same poll in an iframe</h2><iframe title="Poll frame" src="${origin}/embed/widget/${guid}" style="width:100%;height:320px;border:0"></iframe></body></html>`,
      );
      const siteUrl = site.url.replace('127.0.0.1', 'shop.coffee.localhost');
      try {
        const other = await context.newPage();
        await other.goto(siteUrl);
        await visible(other.locator('.nindo-widget').getByText('Tea or coffee?'));
        await visible(other.frameLocator('iframe[title="Poll frame"]').getByText('Tea or coffee?'));
        await other.locator('.nindo-widget').getByText('Dark mode', { exact: true }).click();
        await other.locator('.nindo-widget').getByRole('button', { name: 'Vote' }).click();
        const widget = other.locator('.nindo-widget');
        await visible(widget.getByText('Thanks for voting!'));
        // The results right away: the new vote, still in the runtime's queue, counted in and marked.
        await visible(widget.locator('.result.mine').getByText('Dark mode ✓'));
        await visible(widget.locator('.result.mine').getByText('100% · 1 vote'));
        await visible(widget.locator('.result').filter({ hasText: 'Mobile app' }).getByText('0% · 0 votes'));
        await screenshot('poll-results-on-another-site', other);
        await until(async () => (await other.locator('.nindo-widget .root').count()) === 1, 'one widget drawn');
        // The runtime's batches (sendBeacon) reach the ingestion: the analytics count them.
        const analytics = async <T>(kind: 'client' | 'engagement'): Promise<T> =>
          ((await (await context.request.get(`/api/v1/plugin/${guid}/analytics/${kind}`)).json()) as { data: T }).data;
        await until(async () => {
          const { events } = await analytics<{ events: { subtype: string; count: number }[] }>('engagement');
          return events.some((event) => event.subtype === 'vote' && event.count === 1);
        }, 'the vote is in the analytics');
        await until(async () => {
          const { data } = (await (await context.request.get(`/api/v1/embed/widget/${guid}/results`)).json()) as { data: { options: { option: string; votes: number }[]; total: number } };
          return data.total === 1 && data.options[0].option === 'Dark mode' && data.options[0].votes === 1;
        }, 'the vote is in the poll results');
        // A later visit shows the results with the vote counted once.
        await other.reload();
        await visible(widget.locator('.result.mine').getByText('100% · 1 vote'));
        const { eventType, host } = await analytics<{ eventType: Record<string, number>; host: { host: string }[] }>('client');
        if (eventType.install < 1 || eventType.impression < 2) throw new Error(`installs and impressions: ${JSON.stringify(eventType)}`);
        if (!host.some((entry) => entry.host === 'shop.coffee.localhost')) throw new Error(`hosts: ${JSON.stringify(host)}`);
        await screenshot('widget-on-another-site', other);
        // A site outside the project's domain gets neither the settings nor the framed widget.
        const stranger = await context.newPage();
        await stranger.goto(site.url);
        const status = await stranger.evaluate(async (url) => (await fetch(url)).status, `${origin}/api/v1/embed/widget/${guid}`);
        if (status !== 403) throw new Error(`settings answered ${status} to another site`);
        await until(async () => (await stranger.locator('.nindo-widget .root').count()) === 0, 'no widget drawn on another site');
      } finally {
        site.server.close();
        await context.request.put(`/api/project/${MARKETING_ID}`, { data: { name: 'Marketing site', domain: 'marketing.example.com' } });
      }
    },
  },
  {
    name: "opens each built-in type's editor with its defaults drawn in the preview",
    run: async ({ page, context, screenshot }) => {
      const login = await context.request.post('/api/user/login', { data: { username: DEMO_OWNER.email, password: DEMO_OWNER.password, captchaToken: 'e2e' } });
      if (!login.ok()) throw new Error(`demo owner login: ${login.status()}`);
      const types: [slug: string, text: string][] = [
        ['countdown-timer', 'Our winter sale ends in'],
        ['faq', 'How long does shipping take?'],
        ['testimonials', 'What our customers say'],
        ['pricing-table', 'Simple, honest pricing'],
        ['announcement-bar', 'Free shipping on every order over $50 this week.'],
      ];
      for (const [slug, text] of types) {
        await page.goto(`/${slug}/editor?projectId=${MARKETING_ID}`);
        await page.getByRole('button', { name: /Start from blank/ }).click();
        await visible(page.frameLocator('iframe[title="Widget preview"]').getByText(text));
        await screenshot(`widget-editor-${slug}`);
      }
    },
  },
];

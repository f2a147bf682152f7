// The social feed's import: the server reads a widget's RSS or Atom feed (here served by the test
// on 127.0.0.1, reached through the webhooks' allowance for local peers), keeps plain-text items in
// the store and answers them to the embed runtime; bad feeds leave the last good items and an
// error for the owner; a hostile feed stays bounded while the server keeps answering.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { calmestOf, HEALTHY_MS, healthWhile } from '../helpers/health-while';
import { workspaceCast, workspaceProject } from '../workspace/fixtures';
import type { WorkspaceCast } from '../workspace/fixtures';
import { widgets } from '../../server/services/workspace/model';
import { socialFeeds } from '../../server/services/social-feed/feed-store';
import { REFRESH_EVERY_MS, refreshDueFeeds } from '../../server/services/social-feed/refresh';
import { FETCH_LIMITS } from '../../server/services/social-feed/fetch-feed';

const fixture = (name: string): string => readFileSync(join(__dirname, '../fixtures/social-feed', name), 'utf8');
const HOSTILE_ITEMS = `<rss><channel>${'<item><title>Spam</title><description>x</description></item>'.repeat(100_000)}</channel></rss>`;
const DEEP = `<rss>${'<a>'.repeat(100_000)}`;

let feedServer: Server;
let feedBase: string;
let servedRss = fixture('blog.rss.xml');
const slowTimers = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  feedServer = createServer((req, res) => {
    const send = (body: string, type = 'application/rss+xml') => res.writeHead(200, { 'content-type': type }).end(body);
    if (req.url === '/blog.rss') return send(servedRss);
    if (req.url === '/news.atom') return send(fixture('news.atom.xml'), 'application/atom+xml');
    if (req.url === '/big') return send(`<rss><channel>${' '.repeat(2 * 1024 * 1024)}</channel></rss>`);
    if (req.url === '/hostile') return send(HOSTILE_ITEMS);
    if (req.url === '/deep') return send(DEEP);
    if (req.url === '/page') return send('<!doctype html><html><body>Hello</body></html>', 'text/html');
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/moved') return res.writeHead(301, { location: '/news.atom' }).end();
    if (req.url === '/slow') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<rss>');
      slowTimers.add(setTimeout(() => res.end('</rss>'), 5000));
      return undefined;
    }
    res.writeHead(404).end();
  });
  feedServer.listen(0, '127.0.0.1');
  await new Promise((resolve) => feedServer.once('listening', resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  slowTimers.forEach(clearTimeout);
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

const t = withTestApp({ config: { webhooksAllowPrivate: true } });
let cast: WorkspaceCast;
let guid: string;

beforeEach(async () => {
  cast = await workspaceCast(t);
  ({ guid } = await workspaceProject({ t, cast }));
  await widgets(t.ctx).updateOne({ _id: guid }, { $set: { type: 'social-feed' } });
  servedRss = fixture('blog.rss.xml');
});

const saveFeed = async (feedUrl: string) => {
  const res = await cast.agents.owner.put(`/api/v1/plugin/${guid}`).send({ settings: { source: 'rss', feedUrl } });
  expect(res.status).toBe(200);
};
const publicFeed = () => request(t.app).get(`/api/v1/embed/widget/${guid}/feed`).set('Origin', 'https://team.example.com');
const status = async () => (await cast.agents.owner.get(`/api/v1/plugin/${guid}/feed`)).body.data;

describe('social feed import', () => {
  it('reads an RSS feed on save into plain-text items with only web links and images', async () => {
    await saveFeed(`${feedBase}/blog.rss`);
    expect(await refreshDueFeeds({ ctx: t.ctx })).toBe(1);
    const res = await publicFeed();
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const [spring, seams, relative] = res.body.data.items;
    expect(spring).toEqual({
      title: 'Spring collection is here',
      text: 'Lighter fabrics & brighter colours.',
      link: 'https://shop.example/blog/spring',
      image: 'https://cdn.shop.example/spring.jpg',
      date: '2026-04-02T09:30:00.000Z',
      author: 'Maya',
    });
    // javascript: and data: are dropped; HTML given as text is still taken out; a bad date is left out.
    expect(seams).toEqual({ title: 'How we test every seam', text: 'Behind the scenes in the workshop.' });
    expect(relative).toMatchObject({ link: `${feedBase}/blog/relative`, image: 'https://cdn.shop.example/relative.png' });
    expect(await status()).toMatchObject({ feedUrl: `${feedBase}/blog.rss`, itemCount: 3, fetchedAt: expect.any(String) });
  });

  it('reads an Atom feed, following a redirect', async () => {
    await saveFeed(`${feedBase}/moved`);
    await refreshDueFeeds({ ctx: t.ctx });
    expect((await publicFeed()).body.data.items).toEqual([
      { title: '10,000 orders <3', text: 'Every one packed by hand.', link: 'https://news.example/10000', image: 'https://news.example/10000.jpg', date: '2026-03-18T10:00:00.000Z', author: 'Sam' },
      { text: 'Only a title', link: 'https://news.example/title', date: '2026-02-01T08:00:00.000Z' },
    ]);
  });

  it('refuses a private address when local peers are not allowed', async () => {
    await saveFeed(`${feedBase}/blog.rss`);
    t.ctx.config.webhooksAllowPrivate = false;
    try {
      await refreshDueFeeds({ ctx: t.ctx });
    } finally {
      t.ctx.config.webhooksAllowPrivate = true;
    }
    expect((await status()).error).toBe('Blocked: 127.0.0.1 is not a public address');
    expect((await publicFeed()).body.data.items).toEqual([]);
  });

  it.each([
    ['/big', 'The feed is larger than 1 MB'],
    ['/slow', 'The feed did not answer within 0.5 s'],
    ['/page', 'This address does not answer an RSS or Atom feed'],
    ['/deep', 'The feed nests elements more than 64 deep'],
    ['/loop', 'The feed redirected more than 3 times'],
    ['/missing', 'The feed answered 404'],
  ])('keeps the last good items and stores a clear error when %s fails', async (path, error) => {
    await saveFeed(`${feedBase}/blog.rss`);
    await refreshDueFeeds({ ctx: t.ctx });
    // Same address, now answering badly: the next scheduled read fails.
    servedRss = '';
    await socialFeeds(t.ctx).updateOne({ _id: guid }, { $set: { feedUrl: `${feedBase}${path}`, nextFetchAt: t.ctx.now().toISOString() } });
    await widgets(t.ctx).updateOne({ _id: guid }, { $set: { settings: { source: 'rss', feedUrl: `${feedBase}${path}` } } });
    await refreshDueFeeds({ ctx: t.ctx, limits: { ...FETCH_LIMITS, timeoutMs: 500 } });
    expect(await status()).toMatchObject({ error, itemCount: 3, errorAt: expect.any(String) });
    expect((await publicFeed()).body.data.items).toHaveLength(3);
  });

  it('keeps 50 items of a feed of 100,000 while /api/health stays fast', async () => {
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      await saveFeed(`${feedBase}/hostile`);
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const limits = { ...FETCH_LIMITS, maxBytes: 8 * 1024 * 1024 };
      const healthy = await calmestOf(async () => {
        await socialFeeds(t.ctx).updateOne({ _id: guid }, { $set: { nextFetchAt: t.ctx.now().toISOString() } });
        return healthWhile({ base, pending: refreshDueFeeds({ ctx: t.ctx, limits }) });
      });
      expect(healthy).toBeLessThan(HEALTHY_MS);
      expect((await publicFeed()).body.data.items).toHaveLength(50);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reads each feed again once the schedule falls due, and not before', async () => {
    await saveFeed(`${feedBase}/blog.rss`);
    await refreshDueFeeds({ ctx: t.ctx });
    servedRss = servedRss.replace('Spring collection is here', 'Summer collection is here');
    expect(await refreshDueFeeds({ ctx: t.ctx })).toBe(0);
    const later = new Date(t.ctx.now().getTime() + REFRESH_EVERY_MS + 1000);
    const now = t.ctx.now;
    t.ctx.now = () => later;
    try {
      expect(await refreshDueFeeds({ ctx: t.ctx })).toBe(1);
    } finally {
      t.ctx.now = now;
    }
    expect((await publicFeed()).body.data.items[0].title).toBe('Summer collection is here');
  });

  it('forgets the feed when the widget goes back to its own posts', async () => {
    await saveFeed(`${feedBase}/blog.rss`);
    await refreshDueFeeds({ ctx: t.ctx });
    await cast.agents.owner.put(`/api/v1/plugin/${guid}`).send({ settings: { source: 'posts' } });
    expect(await socialFeeds(t.ctx).findOne({ _id: guid })).toBeNull();
    expect((await publicFeed()).body.message).toBe('This widget does not import a feed');
    expect((await request(t.app).get(`/api/v1/plugin/${guid}/feed`)).status).toBe(401);
  });
});

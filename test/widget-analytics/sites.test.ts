// A project whose settings name a domain takes events, embeds and framing of its widgets only
// from that domain and its subdomains (issue 19); events refused from other sites are counted and
// the widgets list shows the count. A project without a domain takes them from any site.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/accounts';
import type { Agent } from '../helpers/accounts';
import { findUserByEmail } from '../../server/services/accounts/users';
import { projects, widgets } from '../../server/services/workspace/model';
import { foldEventLog } from '../../server/services/widget-analytics/fold';

const t = withTestApp({ scope: 'file' });
const OTHER_SITE = "the widget's project accepts events only from pages on its domain";

async function aWidget({ domains }: { domains: string[] }): Promise<{ widgetId: string; projectId: string; ownerId: string }> {
  const owner = await findUserByEmail({ ctx: t.ctx, email: 'sites-owner@example.test' });
  const ownerId = owner?._id ?? 'nobody';
  const now = t.ctx.now().toISOString();
  const projectId = randomUUID();
  const widgetId = randomUUID();
  await projects(t.ctx).insertOne({ _id: projectId, ownerId, name: 'Shop', domains, created: now, updated: now });
  await widgets(t.ctx).insertOne({ _id: widgetId, ownerId, projectId, name: 'Drinks', type: 'poll', settings: {}, views: 0, created: now, updated: now });
  return { widgetId, projectId, ownerId };
}

const impression = (widgetId: string) => ({ widgetId, type: 'impression', host: 'shop.example.com' });

function sendFrom({ widgetId, origin, referer, host }: { widgetId: string; origin?: string; referer?: string; host?: string }) {
  const call = request(t.app).post('/api/v1/events');
  if (host) call.set('Host', host);
  if (origin) call.set('Origin', origin);
  if (referer) call.set('Referer', referer);
  return call.send({ visitorId: `visitor-${randomUUID()}`, events: [impression(widgetId)] });
}

describe('events from other sites', () => {
  let owner: Agent;
  beforeAll(async () => {
    owner = await signedInUser({ t, email: 'sites-owner@example.test' });
  });

  it.each([
    ['Origin of the domain', true, { origin: 'https://shop.example.com' }],
    ['Origin of a subdomain', true, { origin: 'https://blog.shop.example.com' }],
    ['Origin of a deeper subdomain, http', true, { origin: 'http://a.b.shop.example.com:8080' }],
    ['Referer of the domain, no Origin', true, { referer: 'https://shop.example.com/page?x=1' }],
    ['Origin of the product itself (its /embed pages)', true, { origin: 'https://nindo.test:8443', host: 'nindo.test:8443' }],
    ["Origin of the product's host name on another port", false, { origin: 'https://nindo.test:9000', host: 'nindo.test:8443' }],
    ['Origin of another host', false, { origin: 'https://evil.example' }],
    ['Origin ending like the domain', false, { origin: 'https://notshop.example.com' }],
    ['Origin null, Referer of another host', false, { origin: 'null', referer: 'https://evil.example/' }],
    ['no Origin nor Referer', false, {}],
  ])('with %s: accepted %s', async (_case, accepted, headers) => {
    const { widgetId } = await aWidget({ domains: ['shop.example.com'] });
    const res = await sendFrom({ widgetId, ...headers });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(accepted ? { accepted: 1, rejected: [] } : { accepted: 0, rejected: [{ index: 0, reason: OTHER_SITE }] });
  });

  it('takes events from any site when the project names no domain', async () => {
    const { widgetId } = await aWidget({ domains: [] });
    expect((await sendFrom({ widgetId, origin: 'https://evil.example' })).body.data).toEqual({ accepted: 1, rejected: [] });
  });

  it('counts the refused events on the widget and shows the count in the widgets list', async () => {
    const { widgetId, projectId } = await aWidget({ domains: ['shop.example.com'] });
    await sendFrom({ widgetId, origin: 'https://evil.example' });
    await request(t.app).post('/api/v1/events').set('Origin', 'https://evil.example').send({ events: [impression(widgetId), impression(widgetId)] });
    await sendFrom({ widgetId, origin: 'https://shop.example.com' });
    await foldEventLog({ ctx: t.ctx });
    const list = await owner.get(`/api/project/${projectId}/component`);
    expect(list.status).toBe(200);
    expect(list.body.data.docs.map((row: { guid: string; refusedEvents: number }) => [row.guid, row.refusedEvents])).toEqual([[widgetId, 3]]);
  });
});

describe('embeds and framing from other sites', () => {
  it('names the domain and its subdomains as the only framers of the iframe form', async () => {
    const { widgetId } = await aWidget({ domains: ['shop.example.com'] });
    const res = await request(t.app).get(`/embed/widget/${widgetId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'self' shop\.example\.com:\* \*\.shop\.example\.com:\*(;|$)/);
  });

  it('lets any site frame the iframe form of a widget whose project names no domain', async () => {
    const { widgetId } = await aWidget({ domains: [] });
    expect((await request(t.app).get(`/embed/widget/${widgetId}`)).headers['content-security-policy']).toMatch(/frame-ancestors \*(;|$)/);
  });

  it.each([
    ['the domain', 'https://shop.example.com', 200],
    ['a subdomain', 'https://www.shop.example.com', 200],
    ['another host', 'https://evil.example', 403],
  ])('answers the settings to a page of %s with %s', async (_case, origin, status) => {
    const { widgetId } = await aWidget({ domains: ['shop.example.com'] });
    const res = await request(t.app).get(`/api/v1/embed/widget/${widgetId}`).set('Origin', origin);
    expect(res.status).toBe(status);
    expect(res.headers.vary).toContain('Origin');
    if (status === 403) expect(res.body.message).toBe("This widget is shown only on its project's domain");
  });
});

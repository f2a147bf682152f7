// Page numbers beyond any real page are refused by the document's `maximum`, never passed to storage.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { createAppAs, signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';

const t = withTestApp({ config: { webhooksAllowPrivate: true } });
const HUGE = '99999999999999999999999';

/** A signed-in developer with an app and a webhook (private addresses allowed, so no DNS). */
async function webhookRequests(): Promise<{ agent: Agent; path: string }> {
  const { agent } = await signInAs({ app: t.app, ctx: t.ctx, email: 'pages@example.com' });
  const appId = await createAppAs({ agent });
  const created = await agent.post(`/integrations/developer/apps/${appId}/webhooks`).send({ url: 'https://127.0.0.1:9/hook' }).expect(201);
  return { agent, path: `/integrations/developer/apps/${appId}/webhooks/${(created.body as { data: { id: string } }).data.id}/requests` };
}

it('refuses a huge page of the public app catalog with 400 on query.page', async () => {
  const res = await request(t.app).get('/integrations/developer/public/apps').query({ page: HUGE }).expect(400);
  expect(res.body).toMatchObject({ success: false, data: null, fieldErrors: { 'query.page': expect.any(String) } });
});

it('refuses a huge page of a webhook\'s message requests with 400 on query.page', async () => {
  const { agent, path } = await webhookRequests();
  const res = await agent.get(path).query({ page: HUGE }).expect(400);
  expect(res.body).toMatchObject({ success: false, data: null, fieldErrors: { 'query.page': expect.any(String) } });
});

it('still serves the last allowed page of the public app catalog, empty', async () => {
  const res = await request(t.app).get('/integrations/developer/public/apps').query({ page: 10000 }).expect(200);
  expect(res.body.data.docs).toEqual([]);
});

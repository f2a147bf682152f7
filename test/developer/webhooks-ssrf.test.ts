import request from 'supertest';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { developerWithApp, startReceiver } from './webhooks-fixtures';
import type { Receiver } from './webhooks-fixtures';
import { postSigned } from '../../server/services/webhooks/http-post';
import { isPublicAddress } from '../../server/services/webhooks/url-guard';

describe('webhook SSRF guard', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::7f00:1', false],
    ['not-an-ip', false],
  ])('treats %s as public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  describe('when a URL is saved', () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp({ webhooksAllowPrivate: false });
    });
    afterEach(() => t.close());

    it.each([
      ['http://example.com/hook', 'Invalid URL, must start with https://'],
      ['https://127.0.0.1/hook', 'Invalid URL, the address must be public'],
      ['https://10.0.0.5/hook', 'Invalid URL, the address must be public'],
      ['https://169.254.169.254/latest/meta-data', 'Invalid URL, the address must be public'],
      ['https://[::1]/hook', 'Invalid URL, the address must be public'],
      ['https://[::ffff:127.0.0.1]/hook', 'Invalid URL, the address must be public'],
      ['https://localhost:8443/hook', 'Invalid URL, the address must be public'],
      ['https://api.localhost/hook', 'Invalid URL, the address must be public'],
    ])('refuses %s', async (url, message) => {
      const dev = await developerWithApp({ ctx: t.ctx });
      const res = await request(t.app).post(`/integrations/developer/apps/${dev.appId}/webhooks`).set('Cookie', dev.cookie).send({ url });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('accepts a public https URL', async () => {
      const dev = await developerWithApp({ ctx: t.ctx });
      await request(t.app)
        .post(`/integrations/developer/apps/${dev.appId}/webhooks`)
        .set('Cookie', dev.cookie)
        .send({ url: 'https://hooks.example.com/in' })
        .expect(201);
    });

    it('accepts private addresses when the development setting allows them', async () => {
      const dev = await developerWithApp({ ctx: t.ctx });
      t.ctx.config.webhooksAllowPrivate = true;
      await request(t.app).post(`/integrations/developer/apps/${dev.appId}/webhooks`).set('Cookie', dev.cookie).send({ url: receiver.url }).expect(201);
    });
  });

  describe('when a message is delivered', () => {
    const port = (): string => new URL(receiver.url).port;

    it.each([
      ['http://PLACEHOLDER/hook', /only https/],
      ['https://127.0.0.1:PORT/hook', /Blocked: 127\.0\.0\.1 is not a public address/],
      ['https://localhost:PORT/hook', /Blocked: (127\.0\.0\.1|::1) is not a public address/],
      ['https://10.0.0.5/hook', /Blocked: 10\.0\.0\.5/],
      ['https://169.254.169.254/latest/meta-data', /Blocked: 169\.254\.169\.254/],
      ['https://[::1]:PORT/hook', /Blocked: ::1/],
      ['https://[::ffff:7f00:1]:PORT/hook', /Blocked/],
    ])('does not connect to %s', async (template, reason) => {
      const before = receiver.received.length;
      const url = template.replace('PORT', port()).replace('PLACEHOLDER', `127.0.0.1:${port()}`);
      const result = await postSigned({ url, headers: {}, body: '{}', allowPrivate: false });
      expect(result.statusCode).toBeNull();
      expect(result.status).toMatch(reason);
      expect(receiver.received.length).toBe(before);
    });

    it('does not follow a redirect', async () => {
      receiver.respond((r) => (r.headers['x-second'] ? { status: 200 } : { status: 302, location: `${receiver.url}?again=1` }));
      const before = receiver.received.length;
      const result = await postSigned({ url: receiver.url, headers: {}, body: '{}', allowPrivate: true });
      expect(result.statusCode).toBe(302);
      expect(receiver.received.length).toBe(before + 1);
      receiver.respond(() => ({ status: 200 }));
    });

    it("accepts the local receiver's self-signed certificate when private addresses are allowed", async () => {
      const result = await postSigned({ url: receiver.url, headers: {}, body: '{}', allowPrivate: true });
      expect(result.statusCode).toBe(200);
    });
  });
});

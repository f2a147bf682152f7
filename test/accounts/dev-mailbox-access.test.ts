import request from 'supertest';
import type { Request } from 'express';
import { sendMail } from '../../server/services/mail/send-mail';
import { DEV_MAIL_SIGN_IN } from '../../server/services/mail/dev-mailbox';
import { OUTBOX } from '../../server/services/mail/outbox';
import { isLoopbackRequest } from '../../server/http/loopback';
import { withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/developer';

const REMOTE = '203.0.113.5';

const twoMails = async (t: TestApp): Promise<void> => {
  await sendMail({ ctx: t.ctx, to: 'ada@example.test', subject: 'Reset', text: 'http://localhost:3000/reset/ada', html: '' });
  await sendMail({ ctx: t.ctx, to: 'bob@example.test', subject: 'Reset', text: 'http://localhost:3000/reset/bob', html: '' });
};

const recipients = (body: { data: { docs: { to: string }[] } }): string[] => body.data.docs.map((d) => d.to).sort();

describe('who reads the dev mailbox (behind a proxy, TRUST_PROXY)', () => {
  const t = withTestApp({ config: { trustProxy: true } });

  it.each([
    ['the server itself, signed out', undefined, false, 200, ['ada@example.test', 'bob@example.test']],
    ['a forwarded loopback client, signed out', '127.0.0.1', false, 200, ['ada@example.test', 'bob@example.test']],
    ['a remote visitor, signed out', REMOTE, false, 401, null],
    ['a remote visitor forging a loopback address before the proxy', `127.0.0.1, ${REMOTE}`, false, 401, null],
    ['a remote visitor signed in as Ada', REMOTE, true, 200, ['ada@example.test']],
  ])('%s', async (_label, forwardedFor, signedIn, status, expected) => {
    await twoMails(t);
    const agent = signedIn ? (await signInAs({ app: t.app, ctx: t.ctx, email: 'ada@example.test', developer: false })).agent : request.agent(t.app);
    const req = agent.get('/api/dev/mail');
    const res = await (forwardedFor ? req.set('X-Forwarded-For', forwardedFor) : req);
    expect(res.status).toBe(status);
    if (expected) expect(recipients(res.body)).toEqual(expected);
    else expect(res.body).toEqual({ success: false, data: null, message: DEV_MAIL_SIGN_IN, requestId: expect.any(String) });
  });

  it("keeps a remote user to their own mail: no other recipient's list, mail or clearing", async () => {
    await twoMails(t);
    const { agent } = await signInAs({ app: t.app, ctx: t.ctx, email: 'ada@example.test', developer: false });
    const remote = (r: request.Test) => r.set('X-Forwarded-For', REMOTE);
    const all = await t.ctx.store.collection<{ _id: string; to: string }>(OUTBOX).find({});
    const bobs = all.find((m) => m.to === 'bob@example.test');
    const adas = all.find((m) => m.to === 'ada@example.test');

    expect((await remote(agent.get('/api/dev/mail').query({ to: 'bob@example.test' }))).body.data.docs).toEqual([]);
    expect((await remote(agent.get(`/api/dev/mail/${bobs?._id}`))).status).toBe(404);
    expect((await remote(agent.get(`/api/dev/mail/${adas?._id}`))).body.data.links).toEqual(['http://localhost:3000/reset/ada']);
    expect((await remote(agent.delete('/api/dev/mail'))).body.data).toEqual({ deleted: 1 });
    expect(await t.ctx.store.collection(OUTBOX).count({ to: 'bob@example.test' })).toBe(1);
  });
});

describe('who reads the dev mailbox (no TRUST_PROXY)', () => {
  const t = withTestApp();

  it.each([
    ['a loopback client', {}, 200],
    ['a request relayed by a proxy on the same host (X-Forwarded-For)', { 'X-Forwarded-For': REMOTE }, 401],
    ['a request relayed by a proxy on the same host (Forwarded)', { Forwarded: `for=${REMOTE}` }, 401],
  ])('%s', async (_label, headers, status) => {
    await twoMails(t);
    expect((await request(t.app).get('/api/dev/mail').set(headers)).status).toBe(status);
  });
});

describe('isLoopbackRequest', () => {
  const req = ({ socket, ip, forwarded }: { socket: string; ip: string; forwarded?: string }) =>
    ({ socket: { remoteAddress: socket }, ip, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as Request;

  it.each([
    ['IPv4 loopback', { socket: '127.0.0.1', ip: '127.0.0.1' }, false, true],
    ['IPv6 loopback', { socket: '::1', ip: '::1' }, false, true],
    ['IPv4-mapped loopback', { socket: '::ffff:127.0.0.1', ip: '::ffff:127.0.0.1' }, false, true],
    ['a network address', { socket: '192.0.2.2', ip: '192.0.2.2' }, false, false],
    ['a name that starts like loopback', { socket: '127.example', ip: '127.example' }, false, false],
    ['loopback socket relaying a remote client, proxy not trusted', { socket: '127.0.0.1', ip: '127.0.0.1', forwarded: REMOTE }, false, false],
    ['loopback socket relaying a remote client, proxy trusted', { socket: '127.0.0.1', ip: REMOTE, forwarded: REMOTE }, true, false],
    ['loopback socket relaying a loopback client, proxy trusted', { socket: '127.0.0.1', ip: '127.0.0.1', forwarded: '127.0.0.1' }, true, true],
    ['remote socket claiming loopback, proxy trusted', { socket: REMOTE, ip: '127.0.0.1', forwarded: '127.0.0.1' }, true, false],
  ])('%s', (_label, parts, trustProxy, expected) => {
    expect(isLoopbackRequest({ req: req(parts), trustProxy })).toBe(expected);
  });
});

// One JSON log line per request, and the request id a user can quote: in the header, in every
// error reply, and in the line. No query, body, cookie or token ever reaches the log.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLog } from '../../server/observability/request-log';
import type { RequestOutcome } from '../../server/observability/request-log';
import { createLog, log } from '../../server/observability/log';
import { withTestApp } from '../helpers/test-app';

function capture(): { log: pino.Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink), lines: () => chunks.join('').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
}

function appWith(log: pino.Logger, observe?: (outcome: RequestOutcome) => void, stuck?: () => void): express.Express {
  const app = express();
  app.use(requestLog({ log, observe }));
  app.get('/api/thing', (_req, res) => res.json({ ok: true }));
  app.get('/invitation/:token', (_req, res) => res.send('page'));
  // Never answers: the client gives up first.
  app.get('/api/stuck', () => stuck?.());
  return app;
}

describe('the request log', () => {
  it('writes one line per request with id, method, route, status and duration', async () => {
    const { log, lines } = capture();
    const res = await request(appWith(log)).get('/api/thing?secret=s3cr3t').set('Cookie', 'nindo.sid=cookie-value-kept-out').expect(200);
    const [line] = lines();
    expect(line).toMatchObject({ msg: 'request', reqId: res.headers['x-request-id'], method: 'GET', route: '(no such endpoint)', status: 200, level: 30 });
    expect(typeof line.ms).toBe('number');
    expect(JSON.stringify(lines())).not.toMatch(/s3cr3t|nindo\.sid|cookie-value-kept-out/);
  });

  it('writes exactly one line per request, and only the fields that have a value', async () => {
    const { log, lines } = capture();
    const app = appWith(log);
    await request(app).get('/api/thing').expect(200);
    await request(app).get('/api/thing').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines()).toHaveLength(2);
    expect(Object.keys(lines()[0]).sort()).toEqual(['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'status', 'time']);
  });

  it('writes one line with status 499 when the client leaves before the answer', async () => {
    const { log, lines } = capture();
    let arrived = (): void => undefined;
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = appWith(log, undefined, () => arrived()).listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const sent = httpRequest({ host: '127.0.0.1', port, path: '/api/stuck' });
      sent.on('error', () => undefined);
      sent.end();
      // Left once the server has it, however long a loaded machine takes to get it there.
      await reached;
      sent.destroy();
      for (let waited = 0; lines().length === 0 && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(lines()).toEqual([expect.objectContaining({ msg: 'request', method: 'GET', route: '(no such endpoint)', status: 499, reqId: expect.stringMatching(/^[0-9a-f-]{36}$/) })]);
    } finally {
      server.close();
    }
  });

  it.each([
    ['keeps a caller id that is a plain token', 'proxy-1234-abcd', 'proxy-1234-abcd'],
    ['replaces one that is not', 'bad id with spaces', expect.stringMatching(/^[0-9a-f-]{36}$/)],
    ['replaces one that is too long', 'x'.repeat(65), expect.stringMatching(/^[0-9a-f-]{36}$/)],
  ])('%s', async (_name, offered, expected) => {
    const { log } = capture();
    const res = await request(appWith(log)).get('/api/thing').set('X-Request-Id', offered).expect(200);
    expect(res.headers['x-request-id']).toEqual(expected);
  });

  it('never logs a page path, which may hold a token', async () => {
    const { log, lines } = capture();
    await request(appWith(log)).get('/invitation/tok_very_secret').expect(200);
    expect(lines()[0]).toMatchObject({ route: '(page)' });
    expect(JSON.stringify(lines())).not.toContain('tok_very_secret');
  });

  it('hands each outcome to the metrics', async () => {
    const { log } = capture();
    const outcomes: RequestOutcome[] = [];
    await request(appWith(log, (outcome) => outcomes.push(outcome))).get('/api/thing').expect(200);
    expect(outcomes).toEqual([{ operationId: '(none)', status: 200, seconds: expect.any(Number) }]);
  });

  it.each([
    [{ LOG_LEVEL: 'debug' }, 'debug'],
    [{ NODE_ENV: 'test' }, 'warn'],
    [{}, 'info'],
  ])('takes its level from %j', (env, level) => {
    expect(createLog(env).level).toBe(level);
  });

  it('refuses a level it does not know, naming the allowed ones', () => {
    expect(() => createLog({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"');
  });
});

describe('the request id in the product', () => {
  const t = withTestApp({ scope: 'file' });

  it('is in the header and the body of an error reply, and they agree', async () => {
    const res = await request(t.app).get('/integrations/developer/details').expect(401);
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
    expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('goes in the log line with the route template and operationId of the call', async () => {
    const level = log.level;
    log.level = 'info';
    const written = jest.spyOn(log, 'info').mockImplementation(() => undefined);
    try {
      const res = await request(t.app).get('/api/health').expect(200);
      expect(written).toHaveBeenCalledWith(expect.objectContaining({ reqId: res.headers['x-request-id'], route: '/api/health', operationId: 'getHealth', status: 200 }), 'request');
    } finally {
      written.mockRestore();
      log.level = level;
    }
  });
});

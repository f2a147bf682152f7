// The inputs issue 39 added cannot hold the server or store anything when refused: a create's
// chosen _id (10,000 characters, at the pattern's edge, fifty creates of one id at once), If-Match
// (60,000 characters, values that are not versions, past the header limit) and a live POST's
// subscription ids (20 subscriptions of 10,000-character ids, 21 subscriptions), each a clear 4xx,
// ten at once, while /api/health keeps answering within 100 ms.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calmestOf, HEALTHY_MS, healthWhile } from '../helpers/health-while';
import { withTestApp } from '../helpers/test-app';
import { readConfig } from '../../server/config';
import { createHttpServer, MAX_HEADER_BYTES } from '../../server/http/http-server';
import { IF_MATCH_MESSAGE } from '../../server/services/database/versions';
import { DATABASE_MESSAGES } from '../../rules/database';
import { openLive } from '../database-live/sse-client';
import type { LiveStream } from '../database-live/sse-client';
import { basic, dataApp, documentsPath } from './fixtures';
import type { DataApp } from './fixtures';

const t = withTestApp({ scope: 'file', config: { live: { ...readConfig({}).live, subscribeGraceMs: 600_000 } } });
let a: DataApp;
let server: Server;
let base: string;
let lampId: string;

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx });
  // The product's own HTTP server, so the header limit is the one it runs with.
  server = createHttpServer(t.app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  lampId = (await call({ method: 'POST', path: documentsPath(a.appId), body: { title: 'Lamp', price: 5 } })).body.data._id as string;
}, 60_000);
afterAll(() => new Promise((resolve) => server.close(resolve)));

interface Answer {
  status: number;
  body: { message: string; data: Record<string, unknown>; fieldErrors?: Record<string, string> };
}

async function call({ method, path, body, headers = {} }: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown; headers?: Record<string, string> }): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: basic(a.appId, a.appSecret), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined || body instanceof Blob ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : { message: '' }) as Answer['body'] };
}

const count = async (): Promise<number> => (await call({ method: 'GET', path: `/api/v1/data/${a.appId}/collections/products/count` })).body.data.count as number;
const lamp = async (): Promise<Record<string, unknown>> => (await call({ method: 'GET', path: `${documentsPath(a.appId)}/${lampId}` })).body.data;
const create = (body: object): Promise<Answer> => call({ method: 'POST', path: documentsPath(a.appId), body });
/**
 * Encoded once: the test's own client shares the server's process, so building and encoding ten
 * bodies of a megabyte each time would count against /api/health as if the server were held.
 */
const longIdsBatch = new Blob([
  JSON.stringify({ operations: Array.from({ length: 100 }, (_, n) => ({ action: 'create', collection: 'products', body: { _id: `${n}`.padEnd(10_000, 'x'), title: 'Lamp' } })) }),
]);

/** Ten of `send` at once: what they answered, and /api/health meanwhile at its calmest. */
async function tenAtOnce(send: () => Promise<Answer>): Promise<{ answers: Set<string>; health: number }> {
  const answers = new Set<string>();
  const health = await calmestOf(async () => {
    const sent = Promise.all(Array.from({ length: 10 }, send));
    const measured = await healthWhile({ base, pending: sent });
    for (const res of await sent) answers.add(`${res.status} ${res.body.message}`);
    return measured;
  });
  return { answers, health };
}

const ID_REFUSED = '_id must be 1 to 64 letters, digits, - or _ (^[A-Za-z0-9_-]{1,64}$)';

describe("a create's chosen _id", () => {
  it.each<[string, () => Promise<Answer>, string]>([
    ['a create with a 10,000-character _id', () => create({ _id: 'x'.repeat(10_000), title: 'Lamp' }), `400 ${ID_REFUSED}`],
    ['a batch of 100 creates with 10,000-character _ids', () => call({ method: 'POST', path: `/api/v1/data/${a.appId}/batch`, body: longIdsBatch }), `400 Operation 1: ${ID_REFUSED}`],
  ])('%s, ten at once, is a 400 naming _id, stores nothing, and /api/health answers within 100 ms', async (_name, send, answer) => {
    const before = await count();
    const { answers, health } = await tenAtOnce(send);
    expect(answers).toEqual(new Set([answer]));
    expect(await count()).toBe(before);
    expect(health).toBeLessThan(HEALTHY_MS);
  });

  it.each([
    ['65 characters', 'x'.repeat(65)],
    ['a newline after it', 'lamp\n'],
    ['a dot', 'lamp.1'],
    ['a slash', 'a/b'],
    ['a letter outside ASCII', 'lämp'],
    ['an empty text', ''],
  ])('past the pattern\'s edge (%s) is a 400 naming _id, and nothing is stored', async (_name, id) => {
    const before = await count();
    const res = await create({ _id: id, title: 'Lamp' });
    expect({ status: res.status, message: res.body.message, fieldErrors: res.body.fieldErrors }).toEqual({ status: 400, message: ID_REFUSED, fieldErrors: { _id: ID_REFUSED } });
    expect(await count()).toBe(before);
  });

  it.each([
    ['64 characters', 'y'.repeat(64)],
    ['one character', 'z'],
    ['only a dash', '-'],
    ['only an underscore', '_'],
    ['every kind of character it allows', 'Az09-_'],
  ])("at the pattern's edge (%s) is stored under that id", async (_name, id) => {
    const res = await create({ _id: id, title: 'Lamp' });
    expect({ status: res.status, id: res.body.data._id }).toEqual({ status: 201, id });
    expect((await call({ method: 'GET', path: `${documentsPath(a.appId)}/${id}` })).status).toBe(200);
  });

  it('fifty creates of one _id at once: one is stored, the others are a 409, and /api/health answers within 100 ms', async () => {
    let round = 0;
    const health = await calmestOf(async () => {
      round += 1;
      const before = await count();
      const sent = Promise.all(Array.from({ length: 50 }, () => create({ _id: `same-${round}`, title: 'Lamp' })));
      const measured = await healthWhile({ base, pending: sent });
      const answers = await sent;
      expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
      expect(new Set(answers.filter((res) => res.status !== 201).map((res) => `${res.status} ${res.body.message}`))).toEqual(new Set([`409 ${DATABASE_MESSAGES.documentIdTaken}`]));
      expect(await count()).toBe(before + 1);
      return measured;
    });
    expect(health).toBeLessThan(HEALTHY_MS);
  });
});

describe('If-Match', () => {
  it.each<['PUT' | 'DELETE']>([['PUT'], ['DELETE']])('of 60,000 characters on a %s, ten at once, is a 400, changes nothing, and /api/health answers within 100 ms', async (method) => {
    const before = await lamp();
    const { answers, health } = await tenAtOnce(() => call({ method, path: `${documentsPath(a.appId)}/${lampId}`, body: method === 'PUT' ? { price: 9 } : undefined, headers: { 'if-match': `"${'1'.repeat(59_998)}"` } }));
    expect(answers).toEqual(new Set(['400 If match must be at most 40 characters']));
    expect(await lamp()).toEqual(before);
    expect(health).toBeLessThan(HEALTHY_MS);
  });

  it('past the header limit (64 KB) is refused by the HTTP server with 431, and changes nothing', async () => {
    const before = await lamp();
    const res = await fetch(`${base}${documentsPath(a.appId)}/${lampId}`, { method: 'DELETE', headers: { authorization: basic(a.appId, a.appSecret), 'if-match': `"${'1'.repeat(MAX_HEADER_BYTES)}"` } });
    expect(res.status).toBe(431);
    expect(await lamp()).toEqual(before);
  });

  it.each([
    ['a list of versions', '"1", "2"'],
    ['a thousand versions', Array.from({ length: 1000 }, () => '"1"').join(',').slice(0, 40)],
    ['version 0', '"0"'],
    ['a negative version', '"-1"'],
    ['a fraction', '"1.5"'],
    ['17 digits', `"${'9'.repeat(17)}"`],
    ['past the largest safe integer', '"9007199254740993"'],
    ['quotes around nothing', '""'],
    ['an unclosed quote', '"1'],
    ['a weak tag', 'W/"1"'],
    ['two stars', '**'],
  ])('that is not a version (%s) is a 400 saying what it takes, and the record is unchanged', async (_name, ifMatch) => {
    const before = await lamp();
    const res = await call({ method: 'PUT', path: `${documentsPath(a.appId)}/${lampId}`, body: { price: 9 }, headers: { 'if-match': ifMatch } });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: IF_MATCH_MESSAGE });
    expect(await lamp()).toEqual(before);
  });

  it.each<[string, unknown, string]>([
    ['text', '"1"', 'If match must be integer'],
    ['0', 0, 'If match must be at least 1'],
    ['1e300', 1e300, 'If match must be at most 9007199254740991'],
    ['a fraction', 1.5, 'If match must be integer'],
  ])("a batch's ifMatch of %s is a 400 naming it, and the record is unchanged", async (_name, ifMatch, message) => {
    const before = await lamp();
    const res = await call({ method: 'POST', path: `/api/v1/data/${a.appId}/batch`, body: { operations: [{ action: 'update', collection: 'products', id: lampId, body: { price: 9 }, ifMatch }] } });
    expect({ status: res.status, message: res.body.message, fieldErrors: res.body.fieldErrors }).toEqual({ status: 400, message, fieldErrors: { 'operations.0.ifMatch': message } });
    expect(await lamp()).toEqual(before);
  });
});

describe("a live POST's subscription ids", () => {
  let stream: LiveStream;
  const KEPT = [{ id: 'kept', collection: 'products' }];
  const post = (subscriptions: object[]): Promise<Answer> => call({ method: 'POST', path: `/api/v1/data/${a.appId}/live`, body: { clientId: stream.clientId(), subscriptions } });
  /** The stream's subscriptions as its events name them: a refused POST left them as they were. */
  const namedOnNextEvent = async (): Promise<unknown> => {
    const { _id } = (await create({ title: 'Fence' })).body.data as { _id: string };
    return (await stream.next((e) => (e.data.document as { _id?: string } | undefined)?._id === _id)).data.subscriptions;
  };

  beforeAll(async () => {
    stream = await openLive({ base, appId: a.appId, headers: { authorization: basic(a.appId, a.appSecret) } });
    expect((await post(KEPT)).status).toBe(200);
  });
  afterAll(() => stream.close());

  it('twenty subscriptions of 10,000-character ids, ten at once, are a 400 naming each, change nothing, and /api/health answers within 100 ms', async () => {
    const subscriptions = Array.from({ length: 20 }, (_, n) => ({ id: `${n}`.padEnd(10_000, 'x'), collection: 'products' }));
    const { answers, health } = await tenAtOnce(() => post(subscriptions));
    expect(answers).toEqual(new Set(['400 Id is not in the expected format']));
    const one = await post(subscriptions);
    expect(Object.keys(one.body.fieldErrors ?? {})).toEqual(subscriptions.map((_, n) => `subscriptions.${n}.id`));
    expect(await namedOnNextEvent()).toEqual(['kept']);
    expect(health).toBeLessThan(HEALTHY_MS);
  });

  it('twenty-one subscriptions are a 400 naming the bound, and change nothing', async () => {
    const res = await post(Array.from({ length: 21 }, (_, n) => ({ id: `s${n}`, collection: 'products' })));
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'Subscriptions must NOT have more than 20 items' });
    expect(await namedOnNextEvent()).toEqual(['kept']);
  });

  it.each([
    ['65 characters', 'x'.repeat(65)],
    ['a space', 'a b'],
    ['a slash', 'a/b'],
    ['a newline after it', 'a\n'],
    ['an empty text', ''],
  ])("past the pattern's edge (%s) is a 400, and changes nothing", async (_name, id) => {
    const res = await post([{ id, collection: 'products' }]);
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'Id is not in the expected format' });
    expect(await namedOnNextEvent()).toEqual(['kept']);
  });

  it("twenty subscriptions at the pattern's edge (64 characters, every allowed kind) are taken, and events name them", async () => {
    const ids = Array.from({ length: 20 }, (_, n) => `${n}:A-z_.`.padEnd(64, '9'));
    const res = await post(ids.map((id) => ({ id, collection: 'products' })));
    expect(res.status).toBe(200);
    expect(await namedOnNextEvent()).toEqual(ids);
    expect((await post(KEPT)).status).toBe(200);
  });

  it('a clientId of 10,000 characters is a 400 naming the bound', async () => {
    const res = await call({ method: 'POST', path: `/api/v1/data/${a.appId}/live`, body: { clientId: 'c'.repeat(10_000), subscriptions: KEPT } });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'Client id must be at most 100 characters' });
  });
});

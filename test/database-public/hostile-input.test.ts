// Deep and wide input cannot make the server answer 500 or hold it (issue 36 items 1 and 5-9): a
// query nested past 32 levels, a $in or $nin past 500 values, a field's value nested past 32
// levels, a relation list past 500 ids and a live subscription's query past its bounds are each a
// 400 naming the bound, on every path that takes them (list, count, get, create, update, batch,
// live subscriptions, rules saved and tried, the owner's API); what is at a bound runs. The
// relation lists of 5,000 and 33,000 ids that held the server for seconds and minutes are refused
// while /api/health keeps answering.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calmestOf, HEALTHY_MS, healthWhile } from '../helpers/health-while';
import { withTestApp } from '../helpers/test-app';
import { readConfig } from '../../server/config';
import { openLive } from '../database-live/sse-client';
import type { LiveStream } from '../database-live/sse-client';
import { addCollection, dataApp, documentsPath, setAccess } from './fixtures';
import type { DataApp } from './fixtures';

// One stream serves every subscription case: its grace outlasts the file on a loaded machine.
const t = withTestApp({ scope: 'file', config: { live: { ...readConfig({}).live, subscribeGraceMs: 600_000 } } });
let a: DataApp;
let server: Server;
let base: string;
let stream: LiveStream;
let targetId: string;

const FIELDS = [
  { name: 'title', displayName: 'Title', type: 'text' },
  { name: 'n', displayName: 'N', type: 'number', validation: { indexable: true } },
  { name: 'data', displayName: 'Data', type: 'json' },
  { name: 'links', displayName: 'Links', type: 'array', subtype: 'relation', relation: 'targets' },
];
const ANYONE = { kind: 'anyone' } as const;
const OPEN_RULES = { list: ANYONE, view: ANYONE, create: ANYONE, update: ANYONE, delete: ANYONE };

const accessPath = (): string => `/integrations/developer/apps/${a.appId}/db/collection/items/access`;
const ownerPath = (): string => `/integrations/developer/apps/${a.appId}/db/collection/items/document`;

beforeAll(async () => {
  a = await dataApp({ app: t.app, ctx: t.ctx, collection: 'targets', fields: [{ name: 'title', displayName: 'Title', type: 'text' }] });
  await addCollection({ owner: a.owner, appId: a.appId, collection: 'items', fields: FIELDS });
  for (const collection of ['targets', 'items']) await setAccess({ owner: a.owner, appId: a.appId, collection, access: { rules: OPEN_RULES } });
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  targetId = (await call({ method: 'POST', path: documentsPath(a.appId, 'targets'), body: { title: 'Target' } })).body.data._id as string;
  for (let n = 0; n < 3; n++) expect((await call({ method: 'POST', path: documentsPath(a.appId, 'items'), body: { title: `Item ${n}`, n } })).status).toBe(201);
  stream = await openLive({ base, appId: a.appId });
}, 60_000);
afterAll(async () => {
  stream.close();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  body: { message: string; data: Record<string, unknown> & { total?: number }; fieldErrors?: Record<string, string> };
}

/** A body as JSON text, with `deep` standing for a value nested that deep (too deep for JSON.stringify to write). */
const bodyText = ({ body, deep }: { body: unknown; deep?: number }): string =>
  deep === undefined ? JSON.stringify(body) : JSON.stringify(body).replace('"DEEP"', `${'{"a":'.repeat(deep)}1${'}'.repeat(deep)}`);

type Call = { method: 'GET' | 'POST' | 'PUT'; path: string; body?: unknown; deep?: number; owner?: boolean };

/** An anonymous call of the public API on the real port (or the owner's, with their session). */
async function call({ method, path, body, deep, owner = false }: Call): Promise<Answer> {
  const text = body === undefined ? undefined : bodyText({ body, deep });
  if (owner) {
    const agent = { GET: a.owner.get, POST: a.owner.post, PUT: a.owner.put }[method].call(a.owner, path);
    const res = await (text === undefined ? agent : agent.set('content-type', 'application/json').send(text));
    return { status: res.status, body: res.body as Answer['body'] };
  }
  const res = await fetch(`${base}${path}`, { method, headers: text === undefined ? {} : { 'content-type': 'application/json' }, body: text });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const q = (query: unknown): string => `query=${encodeURIComponent(JSON.stringify(query))}`;
const list = (query: unknown): string => `${documentsPath(a.appId, 'items')}?${q(query)}`;
const count = (query: unknown): string => `/api/v1/data/${a.appId}/collections/items/count?${q(query)}`;

/** `$or` inside `$or`, `levels` times, around one condition: two levels of JSON each. */
const deepOr = (levels: number, inner: object = { n: 1 }): object => Array.from({ length: levels }).reduce<object>((within) => ({ $or: [within] }), inner);
const numbers = (length: number): number[] => Array.from({ length }, (_, i) => i);
const madeUpIds = (length: number): string[] => Array.from({ length }, (_, i) => `r${i}`);

const QUERY_TOO_DEEP = 'The query is not allowed: the filter nests more than 32 levels of objects and lists; at most 32 are allowed';
const DATA_TOO_DEEP = 'Data nests more than 32 levels of objects and lists; at most 32 are allowed';
const tooManyConditions = (count: number): string => `The query is not allowed: the filter tests ${count} conditions; at most 20 are allowed (a $in of the values counts as one)`;
const tooManyValues = (op: string, count: string): string => `The query is not allowed: n: ${op} lists ${count} values; at most 500 are allowed`;
const batch = (operations: object[]): { method: 'POST'; path: string; body: object } => ({ method: 'POST', path: `/api/v1/data/${a.appId}/batch`, body: { operations } });
const subscribe = (query: unknown): { method: 'POST'; path: string; body: object } => ({ method: 'POST', path: `/api/v1/data/${a.appId}/live`, body: { clientId: stream.clientId(), subscriptions: [{ collection: 'items', query }] } });
const anItemId = async (): Promise<string> => ((await call({ method: 'GET', path: `${documentsPath(a.appId, 'items')}?limit=1` })).body.data.items as { _id: string }[])[0]._id;
const LONG = { title: { $in: numbers(400).map((n) => `title ${n}`) } };
const conditions = (count: number): object => ({ $or: numbers(count).map((n) => (n % 2 === 0 ? { n } : { title: { $gt: `t${n}` } })) });

describe('input past a bound is a 400 naming it, never a 500', () => {
  it.each<[string, () => Promise<Call>, string]>([
    ['a list whose $in holds 1,000 numbers', async () => ({ method: 'GET', path: list({ n: { $in: numbers(1000) } }) }), tooManyValues('$in', '1,000')],
    ['a list whose $nin holds 1,000 numbers', async () => ({ method: 'GET', path: list({ n: { $nin: numbers(1000) } }) }), tooManyValues('$nin', '1,000')],
    ['a count whose $in holds 1,000 numbers', async () => ({ method: 'GET', path: count({ n: { $in: numbers(1000) } }) }), tooManyValues('$in', '1,000')],
    ['a $in under $not and $and', async () => ({ method: 'GET', path: list({ $and: [{ n: { $not: { $in: numbers(501) } } }] }) }), tooManyValues('$in', '501')],
    ['a list of $or nested 300 deep', async () => ({ method: 'GET', path: list(deepOr(300)) }), QUERY_TOO_DEEP],
    ['a list of $or nested 17 deep (33 levels)', async () => ({ method: 'GET', path: list(deepOr(16)) }), QUERY_TOO_DEEP],
    ['a list testing 21 conditions', async () => ({ method: 'GET', path: list(conditions(21)) }), tooManyConditions(21)],
    ['a count testing 100 conditions', async () => ({ method: 'GET', path: count(conditions(100)) }), tooManyConditions(100)],
    ['a list testing 21 conditions under $and and $not', async () => ({ method: 'GET', path: list({ $and: [conditions(19), { n: { $not: { $gt: 1, $lt: 5 } } }] }) }), tooManyConditions(21)],
    ['a live subscription testing 21 conditions', async () => subscribe(conditions(21)), `Subscription 1: ${tooManyConditions(21)}`],
    ['a count of $or nested 300 deep', async () => ({ method: 'GET', path: count(deepOr(300)) }), QUERY_TOO_DEEP],
    ["the owner's list of $or nested 300 deep", async () => ({ method: 'GET', path: `${ownerPath()}?${q(deepOr(300))}`, owner: true }), QUERY_TOO_DEEP],
    ["the owner's list with a $in of 1,000", async () => ({ method: 'GET', path: `${ownerPath()}?${q({ n: { $in: numbers(1000) } })}`, owner: true }), tooManyValues('$in', '1,000')],
    ['a create with a field nested 33 deep', async () => ({ method: 'POST', path: documentsPath(a.appId, 'items'), body: { data: 'DEEP' }, deep: 33 }), DATA_TOO_DEEP],
    ['a create with a field nested 200 deep', async () => ({ method: 'POST', path: documentsPath(a.appId, 'items'), body: { data: 'DEEP' }, deep: 200 }), DATA_TOO_DEEP],
    ['a create with a field nested 100,000 deep', async () => ({ method: 'POST', path: documentsPath(a.appId, 'items'), body: { data: 'DEEP' }, deep: 100_000 }), DATA_TOO_DEEP],
    ['an update with a field nested 200 deep', async () => ({ method: 'PUT', path: `${documentsPath(a.appId, 'items')}/${await anItemId()}`, body: { data: 'DEEP' }, deep: 200 }), DATA_TOO_DEEP],
    ['a batch create with a field nested 200 deep', async () => ({ ...batch([{ action: 'create', collection: 'items', body: { data: 'DEEP' } }]), deep: 200 }), `Operation 1: ${DATA_TOO_DEEP}`],
    ['a batch update with a field nested 100,000 deep', async () => ({ ...batch([{ action: 'update', collection: 'items', id: await anItemId(), body: { data: 'DEEP' } }]), deep: 100_000 }), `Operation 1: ${DATA_TOO_DEEP}`],
    ["the owner's create with a field nested 900 deep", async () => ({ method: 'POST', path: ownerPath(), body: { data: 'DEEP' }, deep: 900, owner: true }), DATA_TOO_DEEP],
    ["the owner's update with a field nested 100,000 deep", async () => ({ method: 'PUT', path: `${ownerPath()}/${await anItemId()}`, body: { data: 'DEEP' }, deep: 100_000, owner: true }), DATA_TOO_DEEP],
    ['a create whose relation list holds 501 ids', async () => ({ method: 'POST', path: documentsPath(a.appId, 'items'), body: { links: madeUpIds(501) } }), 'Links holds 501 items; at most 500 are allowed'],
    ["the owner's create whose relation list holds 501 ids", async () => ({ method: 'POST', path: ownerPath(), body: { links: madeUpIds(501) }, owner: true }), 'Links holds 501 items; at most 500 are allowed'],
    ['a batch create whose relation list holds 501 ids', async () => batch([{ action: 'create', collection: 'items', body: { links: madeUpIds(501) } }]), 'Operation 1: Links holds 501 items; at most 500 are allowed'],
    ['a live subscription nested 1,000 deep', async () => subscribe(deepOr(500)), `Subscription 1: ${QUERY_TOO_DEEP}`],
    ['a live subscription nested 100,000 deep', async () => ({ ...subscribe('DEEP'), deep: 100_000 }), `Subscription 1: ${QUERY_TOO_DEEP}`],
    ['a live subscription whose $in holds 1,000 numbers', async () => subscribe({ n: { $in: numbers(1000) } }), `Subscription 1: ${tooManyValues('$in', '1,000')}`],
    [
      'a live subscription of more than 4000 characters',
      async () => subscribe(LONG),
      `Subscription 1: The query is not allowed: the query is ${JSON.stringify(LONG).length.toLocaleString('en-US')} characters long as JSON; at most 4000 are allowed`,
    ],
  ])('%s', async (_name, request, message) => {
    const res = await call(await request());
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
  });

  it.each<[string, string, string]>([
    ['a $in of 1,300 numbers', `{"n":{"$in":[${numbers(1300).map(() => 0).join(',')}]}}`, 'n: $in lists 1,300 values; at most 500 are allowed'],
    ['$or nested 300 deep', JSON.stringify(deepOr(300)), 'the filter nests more than 32 levels of objects and lists; at most 32 are allowed'],
    ['21 conditions', JSON.stringify(conditions(21)), 'the filter tests 21 conditions; at most 20 are allowed (a $in of the values counts as one)'],
  ])('a rule with %s is refused when saved and when tried', async (_name, filter, problem) => {
    const rules = { ...OPEN_RULES, list: { kind: 'filter', filter } };
    for (const path of [accessPath(), `${accessPath()}/try`]) {
      const res = path.endsWith('/try') ? await a.owner.post(path).send({ as: 'anonymous', rules }) : await a.owner.put(path).send({ rules });
      expect({ status: res.status, message: res.body.message, fieldErrors: res.body.fieldErrors }).toEqual({ status: 400, message: `The list rule is not valid: ${problem}`, fieldErrors: { 'rules.list.filter': problem } });
    }
    expect((await a.owner.get(accessPath()).expect(200)).body.data.rules.list).toEqual(ANYONE);
  });
});

describe('input at a bound runs', () => {
  afterAll(() => setAccess({ owner: a.owner, appId: a.appId, collection: 'items', access: { rules: OPEN_RULES } }));

  it.each<[string, () => Promise<Call>, number]>([
    ['a list whose $in holds 500 numbers', async () => ({ method: 'GET', path: list({ n: { $in: numbers(500) } }) }), 200],
    ['a list testing 20 conditions', async () => ({ method: 'GET', path: list(conditions(20)) }), 200],
    ['a count whose $nin holds 500 numbers', async () => ({ method: 'GET', path: count({ n: { $nin: numbers(500) } }) }), 200],
    ['a list of $or nested to 32 levels around a $nin of 500 texts', async () => ({ method: 'GET', path: list(deepOr(14, { title: { $not: { $nin: numbers(500).map(String) } } })) }), 200],
    ['a create with a field nested 32 deep', async () => ({ method: 'POST', path: documentsPath(a.appId, 'items'), body: { title: 'Deep', data: 'DEEP' }, deep: 32 }), 201],
    ["the owner's create with a field nested 32 deep", async () => ({ method: 'POST', path: ownerPath(), body: { title: 'Deep', data: 'DEEP' }, deep: 32, owner: true }), 200],
    ['a create whose relation list holds 500 ids of which one is real', async () => ({ method: 'POST', path: documentsPath(a.appId, 'items'), body: { links: [targetId, ...madeUpIds(499)] } }), 409],
    ['a create whose relation list holds 500 copies of a real id', async () => ({ method: 'POST', path: documentsPath(a.appId, 'items'), body: { links: Array.from({ length: 500 }, () => targetId) } }), 201],
    ['a live subscription whose $in holds 500 numbers', async () => subscribe({ n: { $in: numbers(500) } }), 200],
  ])('%s', async (_name, request, status) => {
    const res = await call(await request());
    expect({ status: res.status, message: res.body.message }).toEqual({ status, message: expect.any(String) });
  });

  it('saves a rule whose $in holds 500 values, and lists and tries it', async () => {
    const rules = { ...OPEN_RULES, list: { kind: 'filter', filter: JSON.stringify({ n: { $in: numbers(500) } }) } };
    await a.owner.put(accessPath()).send({ rules }).expect(200);
    const listed = await call({ method: 'GET', path: list({ n: { $nin: numbers(500).slice(1) } }) });
    expect({ status: listed.status, total: listed.body.data.total }).toEqual({ status: 200, total: 1 });
    const tried = await a.owner.post(`${accessPath()}/try`).send({ as: 'anonymous' }).expect(200);
    expect(tried.body.data.total).toBeGreaterThanOrEqual(3);
  });
});

describe('relation lists that held the server are refused at once', () => {
  it.each([5_000, 33_000])('a create whose relation list holds %d made-up ids is a 400 while /api/health answers within 100 ms', async (length) => {
    const body = { links: madeUpIds(length) };
    const answers: Answer[] = [];
    const health = await calmestOf(async () => {
      const creates = Promise.all([call({ method: 'POST', path: documentsPath(a.appId, 'items'), body })]);
      const measured = await healthWhile({ base, pending: creates });
      answers.push(...(await creates));
      return measured;
    });
    expect(new Set(answers.map((res) => `${res.status} ${res.body.message}`))).toEqual(new Set([`400 Links holds ${length.toLocaleString('en-US')} items; at most 500 are allowed`]));
    expect(health).toBeLessThan(HEALTHY_MS);
  });

  it('ten lists whose $in holds 500 numbers at once leave /api/health answering within 100 ms', async () => {
    const query = { n: { $in: numbers(500) } };
    const answers: Answer[] = [];
    const health = await calmestOf(async () => {
      const lists = Promise.all(Array.from({ length: 10 }, () => call({ method: 'GET', path: list(query) })));
      const measured = await healthWhile({ base, pending: lists });
      answers.push(...(await lists));
      return measured;
    });
    expect(new Set(answers.map((res) => res.status))).toEqual(new Set([200]));
    expect(health).toBeLessThan(HEALTHY_MS);
  });
});

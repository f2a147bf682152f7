// Record versions (issue 39 item 3): `_version` on every read, the ETag of a document read, If-Match
// on update and delete (412 with the record as it is now), ifMatch in a batch, and versions in the
// list, the change log and live events.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { basic, dataApp, documentsPath } from './fixtures';
import type { DataApp } from './fixtures';
import { documentStore, documentStoreName } from '../../server/services/database/model';
import { CLAIM_TAKEOVER_MS, CLAIMS_COLLECTION } from '../../server/storage/mongo/update-claim';
import { findCollection } from '../../server/services/database/collections';
import { readChanges } from '../../server/services/database/live/change-log';
import { IF_MATCH_MESSAGE, STALE_MESSAGE } from '../../server/services/database/versions';
import { liveApp, subscribe } from '../database-live/live-app';
import { openLive } from '../database-live/sse-client';
import { engines } from '../storage/engines';

type Call = 'put' | 'delete';

/** Whether the store's updates of one document at the same moment keep the last whole (FerretDB's). */
const lastWriterWins = async (t: TestApp): Promise<boolean> => t.ctx.store.engine === 'mongodb' && (await engines.find((engine) => engine.name === 'mongodb')?.server()) === 'ferretdb';

const auth = (data: DataApp) => basic(data.appId, data.appSecret);

async function created(t: TestApp, data: DataApp, body: object = { title: 'Lamp', price: 5 }): Promise<string> {
  const answer = await request(t.app).post(documentsPath(data.appId)).set('Authorization', auth(data)).send(body).expect(201);
  return answer.body.data._id as string;
}

function write({ t, data, call, id, ifMatch, body = { price: 9 } }: { t: TestApp; data: DataApp; call: Call; id: string; ifMatch?: string; body?: object }) {
  const path = `${documentsPath(data.appId)}/${id}`;
  const sent = (call === 'put' ? request(t.app).put(path).send(body) : request(t.app).delete(path)).set('Authorization', auth(data));
  return ifMatch === undefined ? sent : sent.set('If-Match', ifMatch);
}

const read = (t: TestApp, data: DataApp, id: string) => request(t.app).get(`${documentsPath(data.appId)}/${id}`).set('Authorization', auth(data));

describe('versions and If-Match on the data API', () => {
  const t = withTestApp();

  it('a created document is version 1: in its answer, its read (with ETag "1") and the list', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const answer = await request(t.app).post(documentsPath(data.appId)).set('Authorization', auth(data)).send({ title: 'Lamp' }).expect(201);
    expect(answer.body.data._version).toBe(1);
    expect(answer.headers.etag).toBe('"1"');
    const one = await read(t, data, answer.body.data._id as string).expect(200);
    expect(one.headers.etag).toBe('"1"');
    expect(one.body.data._version).toBe(1);
    await write({ t, data, call: 'put', id: answer.body.data._id as string }).expect(200);
    const list = await request(t.app).get(documentsPath(data.appId)).set('Authorization', auth(data)).expect(200);
    expect(list.body.data.items.map((item: { _version: number }) => item._version)).toEqual([2]);
  });

  it('an unchanged read answers 304 to its own ETag', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const id = await created(t, data);
    await read(t, data, id).set('If-None-Match', '"1"').expect(304);
    await write({ t, data, call: 'put', id }).expect(200);
    const changed = await read(t, data, id).set('If-None-Match', '"1"').expect(200);
    expect(changed.headers.etag).toBe('"2"');
  });

  // Each case on a document at version 2 (created, then updated once).
  const CASES: Array<{ name: string; ifMatch?: string; status: number }> = [
    { name: 'the right version', ifMatch: '"2"', status: 200 },
    { name: 'a stale version', ifMatch: '"1"', status: 412 },
    { name: 'a version not reached yet', ifMatch: '"3"', status: 412 },
    { name: '*', ifMatch: '*', status: 200 },
    { name: 'a bare number (malformed)', ifMatch: '2', status: 400 },
    { name: 'a weak tag (malformed)', ifMatch: 'W/"2"', status: 400 },
    { name: 'a word (malformed)', ifMatch: '"two"', status: 400 },
    { name: 'no If-Match', status: 200 },
  ];

  describe.each<Call>(['put', 'delete'])('%s', (call) => {
    it.each(CASES)('with $name answers $status', async ({ ifMatch, status }) => {
      const data = await dataApp({ app: t.app, ctx: t.ctx });
      const id = await created(t, data);
      await write({ t, data, call: 'put', id, body: { title: 'Lamp two' } }).expect(200);
      const answer = await write({ t, data, call, id, ifMatch }).expect(status);
      const after = await read(t, data, id);
      if (status === 412) {
        expect(answer.body).toMatchObject({ success: false, message: STALE_MESSAGE, data: { _id: id, _version: 2, title: 'Lamp two' } });
        expect(answer.body.data).not.toHaveProperty('cost');
        expect(after.body.data).toMatchObject({ _version: 2, title: 'Lamp two' });
      } else if (status === 400) {
        expect(answer.body.message).toBe(IF_MATCH_MESSAGE);
        expect(after.status).toBe(200);
        expect(after.body.data._version).toBe(2);
      } else if (call === 'put') {
        expect(answer.body.data).toMatchObject({ _version: 3, price: 9 });
        expect(answer.headers.etag).toBe('"3"');
        expect(after.body.data).toMatchObject({ _version: 3, price: 9 });
      } else {
        expect(after.status).toBe(404);
      }
    });

    it('asks who is asking before it reads If-Match: a stranger with a malformed one gets 401', async () => {
      const data = await dataApp({ app: t.app, ctx: t.ctx });
      const id = await created(t, data);
      const path = `${documentsPath(data.appId)}/${id}`;
      const sent = call === 'put' ? request(t.app).put(path).send({ price: 1 }) : request(t.app).delete(path);
      await sent.set('If-Match', '0000').expect(401);
    });

    it('on a missing record answers 404, with or without If-Match', async () => {
      const data = await dataApp({ app: t.app, ctx: t.ctx });
      await write({ t, data, call, id: 'nothing-here', ifMatch: '"1"' }).expect(404);
      await write({ t, data, call, id: 'nothing-here', ifMatch: '*' }).expect(404);
    });
  });

  it('two updates at once with the same If-Match: exactly one wins, the others get 412 with the winner, on every engine', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const id = await created(t, data);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => write({ t, data, call: 'put', id, ifMatch: '"1"', body: { price: 100 + n } })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412, 412, 412]);
    const winner = answers.find((answer) => answer.status === 200)?.body.data as { price: number };
    for (const lost of answers.filter((answer) => answer.status === 412)) expect(lost.body.data).toMatchObject({ _id: id });
    const stored = (await read(t, data, id).expect(200)).body.data;
    expect(stored).toMatchObject({ _version: 2, price: winner.price });
    const log = await readChanges({ ctx: t.ctx, appId: data.appId, after: 0, limit: 100 });
    expect(log.filter((entry) => entry.type === 'updated')).toHaveLength(1);
  });

  it('on FerretDB a claim of the version a killed writer left blocks If-Match with 412 for CLAIM_TAKEOVER_MS, then no more', async () => {
    if (!(await lastWriterWins(t))) return;
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const [fresh, old] = [await created(t, data), await created(t, data)];
    const { _id: collectionId } = await findCollection({ ctx: t.ctx, appId: data.appId, name: 'products' });
    const claims = t.ctx.store.collection(CLAIMS_COLLECTION);
    await claims.insertOne({ _id: `${documentStoreName(collectionId)}#${fresh}#1`, at: Date.now() });
    await claims.insertOne({ _id: `${documentStoreName(collectionId)}#${old}#1`, at: Date.now() - CLAIM_TAKEOVER_MS - 1000 });
    const blocked = await write({ t, data, call: 'put', id: fresh, ifMatch: '"1"' }).expect(412);
    expect(blocked.body).toMatchObject({ message: STALE_MESSAGE, data: { _id: fresh, _version: 1 } });
    expect((await write({ t, data, call: 'put', id: old, ifMatch: '"1"' }).expect(200)).body.data._version).toBe(2);
  });

  // The documents store takes no write lock (a killed instance must stall no writer), so on
  // FerretDB, whose updates read, change and overwrite a document, unpinned updates of one document
  // at the same moment keep the last one whole (storage/port.ts, CollectionOptions.lockFree).
  it('without If-Match every concurrent update counts: versions rise by one each (not on FerretDB: see above)', async () => {
    if (await lastWriterWins(t)) return;
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const id = await created(t, data);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => write({ t, data, call: 'put', id, body: { price: n } }).expect(200)));
    expect(answers.map((answer) => answer.body.data._version as number).sort()).toEqual([2, 3, 4, 5, 6]);
    expect((await read(t, data, id)).body.data._version).toBe(6);
  });

  it('a document stored before versions reads as version 1, takes If-Match "1", and its first update makes it 2', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const collection = await findCollection({ ctx: t.ctx, appId: data.appId, name: 'products' });
    const now = new Date().toISOString();
    await documentStore(t.ctx, collection._id).insertOne({ _id: 'old-one', _created: now, _updated: now, title: 'Old' });
    await documentStore(t.ctx, collection._id).insertOne({ _id: 'old-two', _created: now, _updated: now, title: 'Old' });
    const first = await read(t, data, 'old-one').expect(200);
    expect(first.headers.etag).toBe('"1"');
    expect((await write({ t, data, call: 'put', id: 'old-one', ifMatch: '"1"' }).expect(200)).body.data._version).toBe(2);
    await write({ t, data, call: 'put', id: 'old-one', ifMatch: '"1"' }).expect(412);
    expect((await write({ t, data, call: 'put', id: 'old-two' }).expect(200)).body.data._version).toBe(2);
    expect((await write({ t, data, call: 'put', id: 'old-two' }).expect(200)).body.data._version).toBe(3);
  });

  it('a document sent back as read (with its _version) is accepted: the server sets the version', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const id = await created(t, data);
    const doc = (await read(t, data, id)).body.data as Record<string, unknown>;
    const answer = await write({ t, data, call: 'put', id, ifMatch: '"1"', body: { ...doc, _version: 40, price: 7 } }).expect(200);
    expect(answer.body.data).toMatchObject({ _version: 2, price: 7 });
  });

  it('the change log holds each version', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const id = await created(t, data);
    await write({ t, data, call: 'put', id, ifMatch: '"1"' }).expect(200);
    await write({ t, data, call: 'delete', id, ifMatch: '"2"' }).expect(200);
    const log = await readChanges({ ctx: t.ctx, appId: data.appId, after: 0, limit: 100 });
    expect(log.map((entry) => [entry.type, (entry.doc as { _version?: number } | undefined)?._version])).toEqual([
      ['created', 1],
      ['updated', 2],
      ['deleted', 2],
    ]);
  });
});

describe('ifMatch in a batch', () => {
  const t = withTestApp();
  const batch = (data: DataApp, operations: object[]) => request(t.app).post(`/api/v1/data/${data.appId}/batch`).set('Authorization', auth(data)).send({ operations });

  it('a stale ifMatch refuses the batch with 412 and the record as it is; nothing is written', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const one = await created(t, data);
    const two = await created(t, data, { title: 'Desk' });
    await write({ t, data, call: 'put', id: two, body: { title: 'Desk two' } }).expect(200);
    const answer = await batch(data, [
      { action: 'update', collection: 'products', id: one, ifMatch: 1, body: { price: 1 } },
      { action: 'delete', collection: 'products', id: two, ifMatch: 1 },
    ]).expect(412);
    expect(answer.body).toMatchObject({ success: false, message: `Operation 2: ${STALE_MESSAGE}`, data: { _id: two, _version: 2, title: 'Desk two' } });
    expect((await read(t, data, one)).body.data).toMatchObject({ _version: 1, price: 5 });
    await read(t, data, two).expect(200);
  });

  it('the right ifMatch writes, and a second operation on the record takes the version the first leaves', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const id = await created(t, data);
    const answer = await batch(data, [
      { action: 'update', collection: 'products', id, ifMatch: 1, body: { price: 1 } },
      { action: 'update', collection: 'products', id, ifMatch: 2, body: { price: 2 } },
    ]).expect(200);
    expect(answer.body.data.results.map((result: { data: { _version: number } }) => result.data._version)).toEqual([2, 3]);
    expect((await read(t, data, id)).body.data).toMatchObject({ _version: 3, price: 2 });
    await batch(data, [{ action: 'delete', collection: 'products', id, ifMatch: 2 }]).expect(412);
    await batch(data, [{ action: 'delete', collection: 'products', id, ifMatch: 3 }]).expect(200);
    await read(t, data, id).expect(404);
  });

  // Batches and single updates holding one version race to write it: on FerretDB each claims it
  // as the single path does (storage/mongo/update-claim.ts), elsewhere the filter is exact.
  it('batches at once with the same ifMatch on one record: exactly one writes, the others get 412 with the record, on every engine', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const id = await created(t, data);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => batch(data, [{ action: 'update', collection: 'products', id, ifMatch: 1, body: { price: 100 + n } }])));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412, 412, 412, 412, 412]);
    const winner = answers.find((answer) => answer.status === 200)?.body.data.results[0].data as { price: number; _version: number };
    expect(winner._version).toBe(2);
    for (const lost of answers.filter((answer) => answer.status === 412)) expect(lost.body).toMatchObject({ message: `Operation 1: ${STALE_MESSAGE}`, data: { _id: id } });
    expect((await read(t, data, id).expect(200)).body.data).toMatchObject({ _version: 2, price: winner.price });
    const log = await readChanges({ ctx: t.ctx, appId: data.appId, after: 0, limit: 100 });
    expect(log.filter((entry) => entry.type === 'updated').map((entry) => (entry.doc as { price: number }).price)).toEqual([winner.price]);
  });

  it('a batch and single updates at once with the same If-Match on one record: exactly one wins, on every engine', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const id = await created(t, data);
    const batches = Array.from({ length: 3 }, (_, n) => batch(data, [{ action: 'update', collection: 'products', id, ifMatch: 1, body: { price: 200 + n } }]));
    const singles = Array.from({ length: 3 }, (_, n) => write({ t, data, call: 'put', id, ifMatch: '"1"', body: { price: 300 + n } }));
    const answers = await Promise.all([...batches, ...singles]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412, 412, 412, 412, 412]);
    const won = answers.find((answer) => answer.status === 200)?.body.data as { price?: number; results?: Array<{ data: { price: number } }> };
    const price = won.results ? won.results[0].data.price : won.price;
    for (const lost of answers.filter((answer) => answer.status === 412)) expect(lost.body.data).toMatchObject({ _id: id });
    expect((await read(t, data, id).expect(200)).body.data).toMatchObject({ _version: 2, price });
    const log = await readChanges({ ctx: t.ctx, appId: data.appId, after: 0, limit: 100 });
    expect(log.filter((entry) => entry.type === 'updated')).toHaveLength(1);
  });

  it('updates and deletes at once with the same If-Match, single and in batches: exactly one wins and the record is as it left it, on every engine', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const ids = await Promise.all(Array.from({ length: 10 }, () => created(t, data)));
    const race = (id: string) =>
      Promise.all([
        write({ t, data, call: 'put', id, ifMatch: '"1"', body: { price: 300 } }),
        write({ t, data, call: 'delete', id, ifMatch: '"1"' }),
        batch(data, [{ action: 'update', collection: 'products', id, ifMatch: 1, body: { price: 200 } }]),
        batch(data, [{ action: 'delete', collection: 'products', id, ifMatch: 1 }]),
        write({ t, data, call: 'put', id, ifMatch: '"1"', body: { price: 301 } }),
        write({ t, data, call: 'delete', id, ifMatch: '"1"' }),
      ]);
    const raced = await Promise.all(ids.map(race));
    const log = (await readChanges({ ctx: t.ctx, appId: data.appId, after: 0, limit: 1000 })).filter((entry) => entry.type !== 'created');
    for (const [n, id] of ids.entries()) {
      const statuses = raced[n].map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      // A loser finds the record changed (412) or gone (404).
      expect(statuses.filter((status) => status !== 200).every((status) => status === 412 || status === 404)).toBe(true);
      const changes = log.filter((entry) => entry.docId === id);
      expect(changes).toHaveLength(1);
      const stored = await read(t, data, id);
      if (changes[0].type === 'deleted') expect(stored.status).toBe(404);
      else expect(stored.body.data).toMatchObject({ _version: 2, price: (changes[0].doc as { price: number }).price });
    }
  });

  it('an ifMatch that is not a positive integer is a 400', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const id = await created(t, data);
    await batch(data, [{ action: 'update', collection: 'products', id, ifMatch: '1', body: { price: 1 } }]).expect(400);
    await batch(data, [{ action: 'update', collection: 'products', id, ifMatch: 0, body: { price: 1 } }]).expect(400);
  });
});

describe('versions in live events', () => {
  const { t, base } = liveApp();

  it('a subscribed stream gets each change with the version it made', async () => {
    const data = await dataApp({ app: t.app, ctx: t.ctx });
    const stream = await openLive({ base: base(), appId: data.appId });
    await subscribe({ t, appId: data.appId, clientId: stream.clientId(), subscriptions: [{ collection: 'products' }], via: (path) => request(t.app).post(path).set('Authorization', auth(data)) }).expect(200);
    const id = await created(t, data);
    await write({ t, data, call: 'put', id, ifMatch: '"1"' }).expect(200);
    await write({ t, data, call: 'put', id }).expect(200);
    await stream.next((e) => e.event === 'updated' && (e.data.document as { _version: number })._version === 3);
    const changes = stream.events.filter((e) => e.event !== 'connect').map((e) => [e.event, (e.data.document as { _version: number })._version]);
    expect(changes).toEqual([
      ['created', 1],
      ['updated', 2],
      ['updated', 3],
    ]);
    stream.close();
  });
});

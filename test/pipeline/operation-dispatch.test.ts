// Each request reaches the handler of the operation the validator matched (operation-dispatch.ts),
// with what the validator's own per-operation router gave before: the path's parameters decoded,
// HEAD answered by GET (and now checked as the GET is), OPTIONS by the declared methods, 405 for a
// method the path lacks and the JSON 404 for a path nobody declared.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { basic, dataApp, documentsPath } from '../database-public/fixtures';

const t = withTestApp({ scope: 'file' });

it.each([
  ['/api/health', 'GET, HEAD'],
  ['/integrations/developer/details', 'GET, HEAD, POST'],
  ['/api/v1/data/abc/collections/x/documents', 'GET, HEAD, POST'],
])('answers OPTIONS %s with 200 and Allow: %s', async (path, allow) => {
  const res = await request(t.app).options(path).expect(200);
  expect(res.headers.allow).toBe(allow);
  expect(res.text).toBe(allow);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
});

it('answers HEAD of a GET operation with its headers and no body, and refuses it where the GET needs a session', async () => {
  const res = await request(t.app).head('/api/health').expect(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
  expect(res.text).toBeUndefined();
  await request(t.app).head('/integrations/developer/details').expect(401);
});

it('refuses a method the path does not declare with 405, and a path nobody declared with the JSON 404', async () => {
  const refused = await request(t.app).delete('/api/health').expect(405);
  expect(refused.headers.allow).toBe('GET, HEAD');
  const missing = await request(t.app).get('/api/nope').expect(404);
  expect(missing.body.message).toBe('No such endpoint: GET /api/nope');
});

it("hands the handler the path's parameters decoded", async () => {
  const a = await dataApp({ app: t.app, ctx: t.ctx });
  const auth = basic(a.appId, a.appSecret);
  const created = await request(t.app).post(documentsPath(a.appId)).set('Authorization', auth).send({ title: 'A lamp' }).expect(201);
  const id: string = created.body.data._id;
  const res = await request(t.app).get(`${documentsPath(a.appId)}/${encodeURIComponent(id)}`).set('Authorization', auth).expect(200);
  expect(res.body.data).toMatchObject({ _id: id, title: 'A lamp' });
  await request(t.app).get(`${documentsPath(a.appId).replace(a.appId, encodeURIComponent(a.appId))}?limit=1`).set('Authorization', auth).expect(200);
});

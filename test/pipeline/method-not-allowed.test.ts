// A declared path asked with a method the document does not give it answers 405 with Allow
// (RFC 9110 15.5.6); a path nobody declares stays a JSON 404.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';

const t = withTestApp({ scope: 'file' });

const DOCUMENTS = '/api/v1/data/some-app/collections/products/documents';

it.each([
  ['TRACE', '/api/v1/data/some-app/collections/products/count', 'GET, HEAD'],
  ['PATCH', DOCUMENTS, 'GET, POST, HEAD'],
  ['TRACE', DOCUMENTS, 'GET, POST, HEAD'],
  ['POST', `${DOCUMENTS}/doc-1`, 'GET, PUT, DELETE, HEAD'],
  ['DELETE', '/api/v1/data/some-app/openapi.json', 'GET, HEAD'],
  ['PUT', '/api/user/login', 'POST'],
])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
  const res = await request(t.app)[method.toLowerCase() as 'trace' | 'patch' | 'post' | 'delete' | 'put'](path);
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe(allow);
  expect(res.body).toEqual({ success: false, data: null, message: `Method ${method} is not allowed here; use ${allow}`, requestId: expect.any(String) });
});

it('keeps the JSON 404 for a path no operation has', async () => {
  const res = await request(t.app).trace('/api/v1/data/some-app/nothing-here');
  expect(res.status).toBe(404);
  expect(res.headers.allow).toBeUndefined();
});

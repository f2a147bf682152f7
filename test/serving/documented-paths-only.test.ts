// The validator's middleware is made on the first request that may match an operation, so a page
// served first (the login page after a start) does not wait for it (issue 36: the first /login
// waited about 145 ms of CPU for validators it does not use).
import express from 'express';
import type { RequestHandler } from 'express';
import request from 'supertest';
import { forDocumentedPaths } from '../../server/http/documented-paths-only';

/** An app whose "validator" marks the requests it saw, and counts how often it was made. */
function appWith(paths: string[]): { app: express.Express; made: () => number } {
  let made = 0;
  const app = express();
  const create = (): RequestHandler[] => {
    made += 1;
    return [(_req, res, next) => (res.set('x-validated', 'yes'), next())];
  };
  app.use(forDocumentedPaths({ paths, create }));
  app.use((req, res) => res.send(req.path));
  return { app, made: () => made };
}

test.each([
  ['/login', false],
  ['/assets/index.js', false],
  ['/developer/apps', false],
  ['/api', true],
  ['/api/user/login', true],
  ['/auth/google/callback', true],
])('%s passes through the validator: %s', async (path, validated) => {
  const { app } = appWith(['/api/user/login', '/auth/{provider}/callback']);
  const res = await request(app).get(path);
  expect(res.headers['x-validated']).toBe(validated ? 'yes' : undefined);
});

test('the validator is made on the first request under a documented path, and once', async () => {
  const { app, made } = appWith(['/api/health']);
  await request(app).get('/login');
  expect(made()).toBe(0);
  await request(app).get('/api/health');
  await request(app).get('/api/other');
  expect(made()).toBe(1);
});

test('a document with a path that begins with a parameter has every request validated', async () => {
  const { app } = appWith(['/{tenant}/items']);
  expect((await request(app).get('/login')).headers['x-validated']).toBe('yes');
});

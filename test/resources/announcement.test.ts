// A resource added only in a copy of openapi/ (test/fixtures/announcement.yaml): bundling the
// copy gives its operations, and the generic handlers serve them with CRUD, paging, search,
// sort, filters, relations and the project roles, with no code of its own.
import type { Express } from 'express';
import { createApp } from '../../server/app';
import { ensureIndexes } from '../../server/storage/indexes';
import { productIndexes } from '../../server/registry';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { documentWithDeclaredResources } from '../fixtures/declared-document';
import { workspaceCast, workspaceProject } from '../workspace/fixtures';
import type { WorkspaceCast, WorkspaceProject } from '../workspace/fixtures';

let t: TestApp;
let app: Express;
let cast: WorkspaceCast;
let project: WorkspaceProject;
const base = () => `/api/projects/${project.projectId}/announcements`;

beforeAll(async () => {
  const { path, document } = documentWithDeclaredResources();
  t = await createTestApp();
  await ensureIndexes(t.ctx.store, productIndexes(document));
  app = createApp(t.ctx, { documentPath: path });
  t = { ...t, app };
  cast = await workspaceCast(t);
  project = await workspaceProject({ t, cast });
});
afterAll(() => t.close());

describe('the expanded document', () => {
  it('holds the five operations with their generated schemas', () => {
    const { document } = documentWithDeclaredResources();
    const paths = document.paths as Record<string, Record<string, { operationId: string }>>;
    expect(paths['/api/projects/{projectId}/announcements'].get.operationId).toBe('listAnnouncements');
    expect(paths['/api/projects/{projectId}/announcements'].post.operationId).toBe('createAnnouncement');
    expect(Object.values(paths['/api/projects/{projectId}/announcements/{id}']).map((op) => op.operationId)).toEqual(['getAnnouncement', 'updateAnnouncement', 'deleteAnnouncement']);
    const schemas = (document.components as { schemas: Record<string, { required?: string[]; properties: Record<string, object> }> }).schemas;
    expect(schemas.AnnouncementInput.required).toEqual(['title', 'status']);
    expect(Object.keys(schemas.AnnouncementInput.properties)).toEqual(['title', 'body', 'status', 'publishAt', 'widgetId']);
    expect(schemas.AnnouncementUpdateInput.properties.status).not.toHaveProperty('default');
  });
});

describe('an announcement', () => {
  it('is created, read, updated and deleted by the roles that may', async () => {
    const created = await cast.agents.editor.post(base()).send({ title: 'Summer sale', body: 'Half price', widgetId: project.guid }).expect(201);
    const { id } = created.body.data;
    expect(created.body.data).toMatchObject({ title: 'Summer sale', status: 'draft', widgetId: project.guid, created: expect.any(String) });
    expect(created.body.data).not.toHaveProperty('projectId');
    await cast.agents.viewer.get(`${base()}/${id}`).expect(200);
    const updated = await cast.agents.editor.patch(`${base()}/${id}`).send({ status: 'published' }).expect(200);
    expect(updated.body.data).toMatchObject({ title: 'Summer sale', status: 'published' });
    await cast.agents.editor.delete(`${base()}/${id}`).expect(403);
    await cast.agents.admin.delete(`${base()}/${id}`).expect(200);
    await cast.agents.admin.get(`${base()}/${id}`).expect(404);
  });

  it.each([
    ['a viewer creating', 'viewer', 'post', 403],
    ['a stranger listing', 'stranger', 'get', 404],
    ['a stranger creating', 'stranger', 'post', 404],
    ['anyone signed out', 'anonymous', 'get', 401],
  ] as const)('is refused to %s', async (_name, who, method, status) => {
    const call = method === 'post' ? cast.agents[who].post(base()).send({ title: 'x', status: 'draft' }) : cast.agents[who].get(base());
    await call.expect(status);
  });

  it('refuses a body the schema refuses, and a widget of no reach', async () => {
    const empty = await cast.agents.owner.post(base()).send({ title: '', status: 'draft' }).expect(400);
    expect(Object.keys(empty.body.fieldErrors)).toEqual(['title']);
    await cast.agents.owner.post(base()).send({ title: 'x', status: 'draft', projectId: 'another' }).expect(400);
    const foreign = await cast.agents.owner.post(base()).send({ title: 'x', status: 'draft', widgetId: 'not-a-widget-here' }).expect(400);
    expect(foreign.body.fieldErrors).toEqual({ widgetId: 'widgetId names no record that can be linked here' });
  });
});

describe('the announcement list', () => {
  beforeAll(async () => {
    for (const [title, status, publishAt] of [
      ['Alpha launch', 'published', '2026-01-01T00:00:00.000Z'],
      ['Beta notes', 'draft', '2026-03-01T00:00:00.000Z'],
      ['Gamma release', 'published', '2026-02-01T00:00:00.000Z'],
    ]) {
      await cast.agents.owner.post(base()).send({ title, status, publishAt, body: `About ${title}` }).expect(201);
    }
  });

  it.each([
    ['pages', '?limit=2&page=2&sort=title', ['Gamma release'], 3],
    ['sorts descending', '?sort=-publishAt', ['Beta notes', 'Gamma release', 'Alpha launch'], 3],
    ['filters by status', '?status=published&sort=title', ['Alpha launch', 'Gamma release'], 2],
    ['searches case-insensitively across title and body', '?search=about%20BETA', ['Beta notes'], 1],
    ['takes a search with pattern characters literally', '?search=(a%2B)%2B%24', [], 0],
  ])('%s', async (_name, query, titles, total) => {
    const res = await cast.agents.viewer.get(`${base()}${query}`).expect(200);
    expect(res.body.data.items.map((item: { title: string }) => item.title)).toEqual(titles);
    expect(res.body.data.total).toBe(total);
  });

  it.each([
    ['a sort on an undeclared field', '?sort=body'],
    ['a limit over 100', '?limit=101'],
    ['a search over 200 characters', `?search=${'a'.repeat(201)}`],
    ['an unknown status', '?status=deleted'],
  ])('refuses %s', async (_name, query) => {
    await cast.agents.viewer.get(`${base()}${query}`).expect(400);
  });
});

// Images that widgets show on other sites (issue 38): a media asset picked in the editor and the
// widget types' sample images are loadable cross-origin (Cross-Origin-Resource-Policy), and a
// picked asset's address is a setting the server accepts, where a javascript: one is refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { workspaceCast, workspaceProject } from '../workspace/fixtures';
import { pngOf, upload } from '../media/media-fixtures';
import { servingApp } from '../serving/serving-app';

describe('widget images', () => {
  const uploads = mkdtempSync(join(tmpdir(), 'nindo-widget-images-'));
  afterAll(() => rmSync(uploads, { recursive: true, force: true }));
  const t = withTestApp({ scope: 'file', config: { uploadsDir: uploads } });

  it('serves a media asset and its thumbnail to other sites, and saves its address in an image slider', async () => {
    const cast = await workspaceCast(t);
    const project = await workspaceProject({ t, cast });
    const agent = cast.agents.owner;
    const uploaded = await upload({ agent, files: [{ name: 'hero.png', data: await pngOf(), contentType: 'image/png' }], query: { projectId: project.projectId, assetType: 'image' } });
    expect(uploaded.status).toBe(201);
    const asset = uploaded.body.data.uploaded[0] as { url: string; thumbnail: string; guid: string };
    for (const path of [asset.url, asset.thumbnail]) {
      const res = await agent.get(path);
      expect(res.status).toBe(200);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    const slides = [{ image: asset.url, caption: 'Hero', link: '' }];
    const created = await agent.post('/api/v1/plugin').send({ type: 'image-slider', name: 'Hero slider', projectId: project.projectId, settings: { slides } });
    expect(created.status).toBe(201);
    const published = await request(t.app).get(`/api/v1/embed/widget/${created.body.data.guid as string}`).set('Origin', 'https://team.example.com');
    expect(published.body.data.settings.slides).toEqual(slides);
    const refused = await agent.post('/api/v1/plugin').send({ type: 'image-slider', name: 'Bad', projectId: project.projectId, settings: { slides: [{ image: 'javascript:alert(1)' }] } });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors ?? {}).join()).toContain('settings.slides');
  });

  it('lets other sites load the sample images, while the app pages stay same-origin', async () => {
    const app = servingApp();
    expect((await request(app).get('/widget-media/slide-coast.svg')).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await request(app).get('/api/v1/asset/abc/file')).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await request(app).get('/api/v1/asset/abc')).headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await request(app).get('/login')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

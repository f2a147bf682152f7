// The embed runtime's pages and what other sites load: the iframe form may be framed anywhere,
// the Live Preview page shows one widget, and the script and settings may be loaded cross-origin.
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';

describe('embed pages', () => {
  const t = withTestApp({ scope: 'file' });

  it.each([
    ['/embed/widget/abc-123', 'data-widget-id="abc-123" data-framed'],
    ['/embed/preview', 'data-preview'],
  ])('serves %s to any site that frames it, with the placeholder and the runtime', async (path, attributes) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.text).toContain(`<div class="nindo-widget" ${attributes}></div>`);
    expect(res.text).toContain('<script src="/embed.js"></script>');
  });

  it('serves the Live Preview page, which other sites may not frame', async () => {
    const res = await request(t.app).get('/preview/abc-123');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div class="nindo-widget" data-widget-id="abc-123"></div>');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it.each(['/embed/widget/%3Cscript%3E', '/preview/a%22b'])('answers 404 for the malformed id of %s', async (path) => {
    expect((await request(t.app).get(path)).status).toBe(404);
  });

  it.each(['/embed.js', '/api/v1/embed/widget/any', '/api/v1/events'])('lets other sites load %s', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

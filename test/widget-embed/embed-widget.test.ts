// The embed runtime's settings call and the settings of widgets: a new widget starts with its
// type's defaults, saved settings are checked against the type's schema, and the public call
// answers only type, name and settings, cacheably and to any origin.
import { withTestApp } from '../helpers/test-app';
import { workspaceCast, workspaceProject } from '../workspace/fixtures';
import type { WorkspaceCast } from '../workspace/fixtures';
import { widgets } from '../../server/services/workspace/model';
import { settingsSchemaOf } from '../../server/services/widget-embed/settings-schemas';
import { settingsDefaults } from '../../rules/widget-settings';

describe('widget settings and the embed call', () => {
  const t = withTestApp({ scope: 'file' });
  let cast: WorkspaceCast;
  beforeAll(async () => {
    cast = await workspaceCast(t);
  });

  const newPoll = async (settings?: Record<string, unknown>) => {
    const res = await cast.agents.owner.post('/api/v1/plugin').send({ type: 'poll', name: 'Next feature', ...(settings ? { settings } : {}) });
    expect(res.status).toBe(201);
    return res.body.data.guid as string;
  };

  it.each(['countdown', 'faq', 'testimonials', 'poll', 'pricing-table', 'announcement-bar'])('gives a new %s widget its type defaults', async (type) => {
    const res = await cast.agents.owner.post('/api/v1/plugin').send({ type });
    const stored = await widgets(t.ctx).findOne({ _id: res.body.data.guid });
    const schema = settingsSchemaOf(type);
    expect(schema).toBeDefined();
    expect(stored?.settings).toEqual(settingsDefaults(schema ?? {}));
    expect(Object.keys(stored?.settings ?? {}).length).toBeGreaterThan(2);
  });

  it('answers type, name and settings with public caching, an ETag and open CORS, and nothing private', async () => {
    const guid = await newPoll();
    const res = await cast.agents.anonymous.get(`/api/v1/embed/widget/${guid}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.etag).toBeTruthy();
    expect(Object.keys(res.body.data).sort()).toEqual(['guid', 'name', 'settings', 'type']);
    expect(res.body.data).toMatchObject({ guid, type: 'poll', name: 'Next feature', settings: { question: 'Which feature should we build next?' } });
    const again = await cast.agents.anonymous.get(`/api/v1/embed/widget/${guid}`).set('If-None-Match', res.headers.etag);
    expect(again.status).toBe(304);
  });

  it('answers 404 JSON for an unknown widget', async () => {
    const res = await cast.agents.anonymous.get('/api/v1/embed/widget/no-such-widget');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, message: 'Widget not found' });
  });

  it('saves settings an editor sends and publishes them over the defaults', async () => {
    const guid = await newPoll();
    const saved = await cast.agents.owner.put(`/api/v1/plugin/${guid}`).send({ settings: { question: 'Tea or coffee?', options: ['Tea', 'Coffee'] } });
    expect(saved.status).toBe(200);
    const res = await cast.agents.anonymous.get(`/api/v1/embed/widget/${guid}`);
    expect(res.body.data.settings).toMatchObject({ question: 'Tea or coffee?', options: ['Tea', 'Coffee'], buttonText: 'Vote' });
  });

  it.each([
    ['a property the type does not have', { colour: 'red' }, 'settings'],
    ['a value of the wrong type', { question: 42 }, 'settings.question'],
    ['too few answers', { options: ['Only one'] }, 'settings.options'],
    ['a malformed color', { accentColor: 'red' }, 'settings.accentColor'],
  ])('refuses %s with a field error', async (_case, settings, field) => {
    const guid = await newPoll();
    const res = await cast.agents.owner.put(`/api/v1/plugin/${guid}`).send({ settings });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('These settings do not fit this widget type');
    expect(Object.keys(res.body.fieldErrors)).toEqual([field]);
  });

  it('creates a widget with the settings it is given', async () => {
    const guid = await newPoll({ question: 'Cats or dogs?', options: ['Cats', 'Dogs'] });
    expect((await widgets(t.ctx).findOne({ _id: guid }))?.settings).toEqual({ question: 'Cats or dogs?', options: ['Cats', 'Dogs'] });
  });

  it('keeps a viewer from changing the settings', async () => {
    const { guid } = await workspaceProject({ t, cast });
    const res = await cast.agents.viewer.put(`/api/v1/plugin/${guid}`).send({ settings: {} });
    expect(res.status).toBe(403);
  });
});

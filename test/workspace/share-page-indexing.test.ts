// The share page's indexing choice (sharePageIndexed, declared on Widget and WidgetUpdateInput):
// stored by PUT /api/v1/plugin/{guid} for the editor rank, answered by GET, and followed by the
// share page /w/{guid}, which tells search engines noindex (meta and X-Robots-Tag) until it is on.
import { withTestApp } from '../helpers/test-app';
import { workspaceCast, workspaceProject } from './fixtures';
import type { WorkspaceCast } from './fixtures';
import { widgets } from '../../server/services/workspace/model';

const NOINDEX_META = '<meta name="robots" content="noindex">';

describe('the share page indexing choice', () => {
  const t = withTestApp({ scope: 'file' });
  let cast: WorkspaceCast;
  beforeAll(async () => {
    cast = await workspaceCast(t);
  });

  it('keeps a new widget share page out of search engines', async () => {
    const { guid } = await workspaceProject({ t, cast });
    const page = await cast.agents.anonymous.get(`/w/${guid}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(NOINDEX_META);
    expect(page.headers['x-robots-tag']).toBe('noindex');
  });

  it('stores the choice, answers it and lets the share page be indexed, then hides it again', async () => {
    const { guid } = await workspaceProject({ t, cast });
    const saved = await cast.agents.editor.put(`/api/v1/plugin/${guid}`).send({ sharePageIndexed: true });
    expect(saved.status).toBe(200);
    expect(saved.body.data.sharePageIndexed).toBe(true);
    expect((await widgets(t.ctx).findOne({ _id: guid }))?.sharePageIndexed).toBe(true);
    expect((await cast.agents.viewer.get(`/api/v1/plugin/${guid}`)).body.data.sharePageIndexed).toBe(true);
    const listed = await cast.agents.anonymous.get(`/w/${guid}`);
    expect(listed.text).not.toContain(NOINDEX_META);
    expect(listed.headers['x-robots-tag']).toBeUndefined();

    await cast.agents.editor.put(`/api/v1/plugin/${guid}`).send({ sharePageIndexed: false });
    const hidden = await cast.agents.anonymous.get(`/w/${guid}`);
    expect(hidden.text).toContain(NOINDEX_META);
    expect(hidden.headers['x-robots-tag']).toBe('noindex');
  });

  it('refuses the choice below the editor rank and a value that is not true or false', async () => {
    const { guid } = await workspaceProject({ t, cast });
    expect((await cast.agents.viewer.put(`/api/v1/plugin/${guid}`).send({ sharePageIndexed: true })).status).toBe(403);
    expect((await cast.agents.editor.put(`/api/v1/plugin/${guid}`).send({ sharePageIndexed: 'yes' })).status).toBe(400);
    expect((await widgets(t.ctx).findOne({ _id: guid }))?.sharePageIndexed).toBeUndefined();
  });
});

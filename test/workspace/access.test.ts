// The role table of issue 9: every workspace operation against every identity (spec 003 section
// 6). Each cell runs on a fresh project of the shared cast (test/workspace/fixtures.ts), so a
// delete in one cell leaves the next untouched. Add an operation as one row: the path with
// {projectId}, {guid}, {permissionId} (the viewer's project permission), {widgetPermissionId},
// {pendingProjectInvite} or {pendingWidgetInvite} (invitations not yet mailed), the statuses in the order of the header, and the body when it takes one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { sendOperation } from '../helpers/send-operation';
import { withTestApp } from '../helpers/test-app';
import { IDENTITIES, pendingInvitations, workspaceCast, workspaceProject } from './fixtures';
import type { Identity, WorkspaceCast, WorkspaceProject } from './fixtures';
import { widgets } from '../../server/services/workspace/model';

type Statuses = [anonymous: number, stranger: number, viewer: number, editor: number, admin: number, owner: number, widgetCollaborator: number];
interface AccessRow {
  operation: string;
  statuses: Statuses;
  body?: Record<string, unknown>;
  /** A multipart upload of one small PNG as `files[]` (the media manager) instead of a JSON body. */
  upload?: boolean;
  /** The page the call comes from (Origin): the embed's calls are fenced to the project's domain, team.example.com. */
  origin?: string;
  /** The fixture's widget made this one first (a form, a feed importing RSS), for calls only such a widget takes. */
  widget?: { type: string; settings?: Record<string, unknown> };
}
const row = (operation: string, statuses: Statuses, body?: Record<string, unknown>): AccessRow => ({ operation, statuses, body });
const uploadRow = (operation: string, statuses: Statuses): AccessRow => ({ operation, statuses, upload: true });
const embedRow = (operation: string, statuses: Statuses, widget?: AccessRow['widget']): AccessRow => ({ operation, statuses, origin: 'https://www.team.example.com', widget });
const widgetRow = (widget: AccessRow['widget'], operation: string, statuses: Statuses): AccessRow => ({ operation, statuses, widget });
const FORM = { type: 'contact-form' };
const RSS_FEED = { type: 'social-feed', settings: { source: 'rss', feedUrl: 'https://feeds.example.com/news.xml' } };
/** A 1x1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

// prettier-ignore
const ROWS: AccessRow[] = [
  //  operation                                                  anon stranger viewer editor admin owner widgetCollaborator
  row('GET /api/project/{projectId}',                             [401, 404, 200, 200, 200, 200, 404]),
  row('PUT /api/project/{projectId}',                             [401, 404, 403, 403, 200, 200, 404], { name: 'Renamed' }),
  row('DELETE /api/project/{projectId}',                          [401, 404, 403, 403, 403, 200, 404]),
  row('GET /api/project/{projectId}/permissions',                 [401, 404, 403, 403, 200, 200, 404]),
  // The free plan's one collaborator is taken: the owner passes the role check and meets the limit.
  row('POST /api/project/{projectId}/permissions',                [401, 404, 403, 403, 403, 403, 404], { email: 'new@workspace.test', permission: 'viewer' }),
  row('PUT /api/project/{projectId}/permissions/{permissionId}',  [401, 404, 403, 403, 403, 200, 404], { role: 'editor' }),
  row('DELETE /api/project/{projectId}/permissions/{permissionId}', [401, 404, 403, 403, 403, 200, 404]),
  row('GET /api/project',                                         [401, 200, 200, 200, 200, 200, 200]),
  row('GET /api/project/shared',                                  [401, 200, 200, 200, 200, 200, 200]),
  row('POST /api/project',                                        [401, 201, 201, 201, 201, 403, 201], { name: 'Another site' }),
  row('GET /api/v1/user/planFeatures',                            [401, 200, 200, 200, 200, 200, 200]),
  // Widgets: the fixture's widget has an active editor collaborator, who ranks as an editor on it alone.
  row('GET /api/project/{projectId}/component',                   [401, 404, 200, 200, 200, 200, 404]),
  row('GET /api/project/uncategorized/component',                 [401, 200, 200, 200, 200, 200, 200]),
  row('GET /api/component/shared',                                [401, 200, 200, 200, 200, 200, 200]),
  row('POST /api/v1/plugin',                                      [401, 404, 403, 403, 201, 201, 404], { type: 'poll', projectId: '{projectId}' }),
  row('POST /api/v1/plugin',                                      [401, 201, 201, 201, 201, 201, 201], { type: 'poll' }),
  row('GET /api/v1/plugin/{guid}',                                [401, 404, 200, 200, 200, 200, 200]),
  row('PUT /api/v1/plugin/{guid}',                                [401, 404, 403, 403, 200, 200, 403], { name: 'Renamed' }),
  row('PUT /api/v1/plugin/{guid}',                                [401, 404, 403, 403, 403, 200, 403], { projectId: '{projectId}' }),
  row('PUT /api/v1/plugin/{guid}',                                [401, 404, 403, 200, 200, 200, 200], { settings: {} }),
  embedRow('GET /api/v1/embed/widget/{guid}',                     [200, 200, 200, 200, 200, 200, 200]),
  row('POST /api/v1/plugin/{guid}/duplicate',                     [401, 404, 403, 201, 201, 201, 403]),
  row('DELETE /api/v1/plugin/{guid}',                             [401, 404, 403, 403, 200, 200, 403]),
  row('GET /api/v1/plugin/{guid}/permission',                     [401, 404, 403, 403, 200, 200, 403]),
  row('POST /api/v1/plugin/{guid}/permission',                    [401, 404, 403, 403, 201, 201, 403], { userDetails: { email: 'new@workspace.test' } }),
  row('DELETE /api/v1/plugin/{guid}/permission/{widgetPermissionId}', [401, 404, 403, 403, 200, 200, 403]),
  // The fixture's collaborator has accepted: the rank check passes, then 409 (nothing pending).
  row('POST /api/component/invite',                               [401, 404, 403, 403, 409, 409, 403], { permissionId: '{widgetPermissionId}' }),
  // Resend invite: mailing a pending invitation is managing collaborators (project owner, widget admin).
  row('POST /api/project/invite',                                 [401, 404, 403, 403, 403, 200, 404], { permissionId: '{pendingProjectInvite}' }),
  row('POST /api/component/invite',                               [401, 404, 403, 403, 200, 200, 403], { permissionId: '{pendingWidgetInvite}' }),
  row('POST /api/component/deleteInvite',                         [401, 404, 403, 403, 409, 409, 403], { permissionId: '{widgetPermissionId}' }),
  row('POST /api/user/invitationApproval/unknown-token',          [401, 400, 400, 400, 400, 400, 400]),
  // Media: the fixture's project has one asset the owner uploaded.
  row('GET /api/v1/asset?projectId={projectId}',                  [401, 404, 200, 200, 200, 200, 404]),
  uploadRow('POST /api/v1/asset?projectId={projectId}&assetType=image', [401, 404, 403, 201, 201, 201, 404]),
  row('PUT /api/v1/asset/{assetGuid}',                            [401, 404, 403, 200, 200, 200, 404], { name: 'Renamed' }),
  row('DELETE /api/v1/asset/{assetGuid}',                         [401, 404, 403, 200, 200, 200, 404]),
  // The catalog is public marketing content; feedback is authorised by its mailed token alone.
  // Widget analytics (issue 10): every project member; of collaborators the analyst and the editor (the fixture's).
  row('GET /api/v1/plugin/{guid}/analytics/client',               [401, 404, 200, 200, 200, 200, 200]),
  row('GET /api/v1/plugin/{guid}/analytics/engagement',           [401, 404, 200, 200, 200, 200, 200]),
  row('GET /api/v1/catalog',                                      [200, 200, 200, 200, 200, 200, 200]),
  row('GET /api/v1/catalog/discover',                             [200, 200, 200, 200, 200, 200, 200]),
  row('GET /api/v1/catalog/new',                                  [200, 200, 200, 200, 200, 200, 200]),
  row('GET /api/v1/catalog/app/poll',                             [200, 200, 200, 200, 200, 200, 200]),
  row('POST /api/subscription/feedback?token=unknown-token',      [400, 400, 400, 400, 400, 400, 400], { reason: 'price' }),
  // Issue 38: the account's views this month (its own widgets only), a form widget's submissions
  // (editor rank: visitors' personal data; the fixture's widget is no form), a social feed's import state.
  row('GET /api/v1/user/viewsUsage',                              [401, 200, 200, 200, 200, 200, 200]),
  widgetRow(FORM, 'GET /api/v1/plugin/{guid}/submissions', [401, 404, 403, 200, 200, 200, 200]),
  widgetRow(FORM, 'GET /api/v1/plugin/{guid}/submissions/export', [401, 404, 403, 200, 200, 200, 200]),
  widgetRow(FORM, 'DELETE /api/v1/plugin/{guid}/submissions/unknown-submission', [401, 404, 403, 404, 404, 404, 404]),
  widgetRow(RSS_FEED, 'GET /api/v1/plugin/{guid}/feed',          [401, 404, 200, 200, 200, 200, 200]),
  embedRow('GET /api/v1/embed/widget/{guid}/feed',                [200, 200, 200, 200, 200, 200, 200], RSS_FEED),
];

type Filled = WorkspaceProject & { pending: { projectInvite: string; widgetInvite: string } };

const fill = (template: string, project: Filled): string =>
  template
    .replaceAll('{pendingProjectInvite}', project.pending.projectInvite)
    .replaceAll('{pendingWidgetInvite}', project.pending.widgetInvite)
    .replaceAll('{projectId}', project.projectId)
    .replaceAll('{guid}', project.guid)
    .replaceAll('{componentId}', project.guid)
    .replaceAll('{permissionId}', project.permissionIds.viewer)
    .replaceAll('{widgetPermissionId}', project.widgetPermissionId)
    .replaceAll('{assetGuid}', project.assetGuid);

async function perform({ cast, identity, project, operation, body, upload, origin }: { cast: WorkspaceCast; identity: Identity; project: Filled } & Omit<AccessRow, 'statuses'>): Promise<Response> {
  const [method, path] = operation.split(' ') as [string, string];
  const agent = cast.agents[identity];
  const url = fill(path, project);
  if (origin) return agent.get(url).set('Origin', origin);
  const filled = body === undefined ? undefined : (JSON.parse(fill(JSON.stringify(body), project)) as object);
  const attach = upload ? async () => agent.post(url).attach('files[]', TINY_PNG, 'tiny.png') : undefined;
  return sendOperation({ agent, method, url, body: filled, attach });
}

const CELLS = ROWS.flatMap(({ operation, statuses, body, upload, origin, widget }) => IDENTITIES.map((identity, i) => ({ operation, identity, status: statuses[i], body, upload, origin, widget })));

describe('who may do what in the workspace', () => {
  const uploads = mkdtempSync(join(tmpdir(), 'nindo-access-uploads-'));
  afterAll(() => rmSync(uploads, { recursive: true, force: true }));
  const t = withTestApp({ scope: 'file', config: { uploadsDir: uploads } });
  let cast: WorkspaceCast;
  beforeAll(async () => {
    cast = await workspaceCast(t);
  });

  it.each(CELLS)('$operation as $identity answers $status', async ({ operation, identity, status, body, upload, origin, widget }) => {
    const fixture = await workspaceProject({ t, cast });
    if (widget) await widgets(t.ctx).updateOne({ _id: fixture.guid }, { $set: { type: widget.type, settings: widget.settings ?? {} } });
    const project = { ...fixture, pending: await pendingInvitations({ t, project: fixture }) };
    const res = await perform({ cast, identity, project, operation, body, upload, origin });
    // Every JSON answer says why; a file (the submissions' CSV) has no envelope.
    expect({ status: res.status, message: res.body.message }).toEqual({ status, message: res.type === 'application/json' ? expect.any(String) : undefined });
  });
});

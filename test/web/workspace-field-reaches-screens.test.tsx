/** @jest-environment ./test/web/jsdom-environment.ts */
// The site owner's screens follow the document: one optional property added to the read and
// write schemas (as `npm run generate` would bring it) shows on the project cards, fills and is
// sent by project settings, is a column of the permissions and widgets lists, fills the widget's
// rename popup, and shows on the media cards and in the image's rename form — with no screen code.
// On a phone the widgets list shows each widget's values above its buttons.
import { screen, waitFor, within } from '@testing-library/react';
import { schemaNamed } from '../helpers/schema-entries';
import { formatBytes } from '../../rules/format-bytes';
import { getProject, listAssets, listNewCatalogApps, listProjects, updateProjectPermission, listProjectPermissions, listProjectWidgets, updateProject, updateWidget } from '../../generated/client/sdk.gen';
import type { Asset, CatalogApp, Project, ProjectPermission, WidgetRow } from '../../generated/client/types.gen';
import MyProjectsPage from '../../web/src/pages/workspace/projects/MyProjectsPage';
import ProjectSettingsPage from '../../web/src/pages/workspace/projects/ProjectSettingsPage';
import PermissionsPage from '../../web/src/pages/workspace/projects/PermissionsPage';
import { WidgetsTable } from '../../web/src/pages/workspace/widgets/WidgetsTable';
import { RenamePopup } from '../../web/src/pages/workspace/widgets/WidgetFormPopups';
import MediaManagerPage from '../../web/src/pages/workspace/media/MediaManagerPage';
import NewAppsPage from '../../web/src/pages/workspace/catalog/NewAppsPage';
import { inApp } from './in-app';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  getProject: jest.fn(),
  listProjects: jest.fn(),
  updateProject: jest.fn(),
  updateProjectPermission: jest.fn(),
  listProjectPermissions: jest.fn(),
  listProjectWidgets: jest.fn(),
  updateWidget: jest.fn(),
  listAssets: jest.fn(),
  listNewCatalogApps: jest.fn(),
}));

const PROBE = { name: 'probeNote', title: 'Probe note' };
const KEPT = 'kept by the document';

// The probe edit, on the schemas the screens read (Widget is WidgetRow's first part).
for (const name of ['Project', 'ProjectInput', 'ProjectPermission', 'ProjectPermissionRoleInput', 'Widget', 'WidgetUpdateInput', 'Asset', 'RenameAssetInput', 'CatalogApp']) {
  schemaNamed(name).properties[PROBE.name] = { type: 'string', title: PROBE.title, maxLength: 200 };
}

const project: Project & { probeNote: string } = { projectId: 'site', name: 'Site', domains: ['site.example.com'], domain: 'site.example.com', users: [], totalComponents: 2, userProjectRole: 'owner', probeNote: KEPT };
const permission: ProjectPermission & { probeNote: string } = { _id: 'p1', permissionId: 'p1', role: 'viewer', status: 'pending', userDetails: { email: 'ann@example.com' }, email: 'ann@example.com', probeNote: KEPT };
const widget: WidgetRow & { probeNote: string } = {
  guid: 'w1', name: 'Launch countdown', type: 'countdown', projectId: 'site', views: 12, created: '2026-01-01T00:00:00.000Z', updated: '2026-01-02T00:00:00.000Z',
  app: 'Countdown Timer', slug: 'countdown-timer', permissions: [], overViewLimit: false, refusedEvents: 0, role: 'owner', probeNote: KEPT,
};
const asset: Asset & { probeNote: string } = {
  guid: 'a1', name: 'Hero.png', url: '/a1', downloadUrl: '/a1?download', thumbnail: '/a1/thumbnail', assetType: 'image', mimeType: 'image/png', size: 2048, projectId: 'site',
  author: { id: 'u1', fullName: 'Owner' }, created: '2026-01-01T00:00:00.000Z', probeNote: KEPT,
};

const app: CatalogApp & { probeNote: string } = {
  name: 'Pricing Table', slug: 'pricing-table', componentType: 'pricing', serviceName: 'nindo', status: 'published', category: 'Sales', tags: ['New'],
  teaser: 'Plans side by side.', promotionImage: '/catalog-images/pricing.svg', buttonText: 'Try Now', probeNote: KEPT,
};

const answer = <T,>(data: T) => (async () => ({ data: { success: true, message: 'Saved', data } })) as never;

beforeEach(() => {
  jest.mocked(getProject).mockImplementation(answer(project));
  jest.mocked(listProjects).mockImplementation(answer([project]));
  jest.mocked(updateProject).mockImplementation(answer(project));
  jest.mocked(updateProjectPermission).mockImplementation(answer(permission));
  jest.mocked(listProjectPermissions).mockImplementation(answer({ docs: [permission], total: 1, page: 1, pages: 1, limit: 10 }));
  jest.mocked(listProjectWidgets).mockImplementation(answer({ docs: [widget], total: 1, page: 1, pages: 1, limit: 10, types: [] }));
  jest.mocked(updateWidget).mockImplementation(answer(widget));
  jest.mocked(listAssets).mockImplementation(answer({ docs: [asset], total: 1, page: 1, pages: 1, limit: 25 }));
  jest.mocked(listNewCatalogApps).mockImplementation(answer([app]));
});

describe('a property added to the document', () => {
  it('shows on the project cards of My Projects', async () => {
    inApp(<MyProjectsPage />);
    const card = (await screen.findByText(KEPT, {}, { timeout: 4000 })).closest('li') as HTMLElement;
    expect(within(card).getByText(PROBE.title)).toBeTruthy();
    expect(within(card).getByRole('heading', { level: 2, name: 'Site' })).toBeTruthy();
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/user/dashboard/projects/site');
  });

  it('fills project settings from the project and is sent with what the form holds, and nothing the server owns', async () => {
    const user = inApp(<ProjectSettingsPage />, { path: '/projects/:projectId/settings', at: '/projects/site/settings' });
    const field = await screen.findByLabelText(PROBE.title, {}, { timeout: 4000 });
    expect((field as HTMLInputElement).value).toBe(KEPT);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateProject).toHaveBeenCalledTimes(1));
    expect(jest.mocked(updateProject).mock.calls[0][0]).toEqual({ path: { projectId: 'site' }, body: { name: 'Site', domain: 'site.example.com', probeNote: KEPT } });
  });

  it('is a column of the permissions list, beside Status in its words', async () => {
    inApp(<PermissionsPage />, { path: '/projects/:projectId/permissions', at: '/projects/site/permissions' });
    expect(await screen.findByText(KEPT, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.trim()).filter(Boolean)).toEqual(['Email', 'Permission', 'Status', PROBE.title, 'Actions']);
    expect(screen.getByText('pending approval')).toBeTruthy();
  });

  it('fills Update Permission from the row and is sent with the changed role', async () => {
    const user = inApp(<PermissionsPage />, { path: '/projects/:projectId/permissions', at: '/projects/site/permissions' });
    await user.click(await screen.findByRole('button', { name: 'Update Permission ann@example.com' }, { timeout: 4000 }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(PROBE.title) as HTMLInputElement).value).toBe(KEPT);
    await user.selectOptions(within(dialog).getByRole('combobox'), 'Editor');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateProjectPermission).toHaveBeenCalledWith({ path: { projectId: 'site', permissionId: 'p1' }, body: { role: 'editor', probeNote: KEPT } }));
  });

  it('is a column of the widgets list, after the ones the document leads with', async () => {
    inApp(<WidgetsTable projectId="site" types={[]} />);
    expect(await screen.findByText(KEPT, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.trim()).filter(Boolean)).toEqual(['Photo', 'Name', 'App', 'Last updated', 'Monthly pageviews', 'Refused events', PROBE.title, 'Actions']);
    expect(screen.getByText('Countdown Timer')).toBeTruthy();
  });

  it("fills the widget's rename popup and is sent with the name", async () => {
    const user = inApp(<RenamePopup widget={widget} onClose={jest.fn()} />);
    expect((screen.getByLabelText(PROBE.title) as HTMLInputElement).value).toBe(KEPT);
    expect(screen.queryByLabelText('Project')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateWidget).toHaveBeenCalledWith({ path: { guid: 'w1' }, body: { name: 'Launch countdown', probeNote: KEPT } }));
  });

  it("shows on the media cards and fills the image's rename form", async () => {
    jest.mocked(getProject).mockImplementation(answer({ ...project, userProjectRole: 'editor' }));
    const user = inApp(<MediaManagerPage />, { path: '/projects/:projectId/media', at: '/projects/site/media' });
    const card = await screen.findByText(KEPT);
    expect(card.closest('li')?.textContent).toContain(formatBytes(asset.size));
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(PROBE.title) as HTMLInputElement).value).toBe(KEPT);
    expect((within(dialog).getByLabelText(/Name/) as HTMLInputElement).value).toBe('Hero.png');
  });
});

describe('a property added to the catalog app', () => {
  it("shows on What's New's cards beside the teaser, with Try Now to the editor", async () => {
    inApp(<NewAppsPage />);
    const card = (await screen.findByText(KEPT)).closest('li') as HTMLElement;
    expect(within(card).getByRole('heading', { level: 2, name: 'Pricing Table' })).toBeTruthy();
    expect(within(card).getByText('Plans side by side.')).toBeTruthy();
    expect(within(card).getByText(PROBE.title)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Try Now' }).getAttribute('href')).toBe('/pricing-table/editor');
  });
});

describe('the widgets list on a phone', () => {
  // jsdom has no matchMedia: this window answers every width query as a phone's.
  beforeEach(() => {
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: (media: string) => ({ matches: true, media, addEventListener: jest.fn(), removeEventListener: jest.fn() }) });
  });
  afterEach(() => Reflect.deleteProperty(window, 'matchMedia'));

  it('shows each widget as its values, name, app and views included, above its buttons', async () => {
    inApp(<WidgetsTable projectId="site" types={[]} />);
    const row = (await screen.findByText('Launch countdown', {}, { timeout: 4000 })).closest('li') as HTMLElement;
    const pairs = [...row.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual(expect.arrayContaining([['Name', 'Launch countdown'], ['App', 'Countdown Timer'], ['Monthly pageviews', '12'], [PROBE.title, KEPT]]));
    expect(within(row).getByRole('button', { name: 'Edit Launch countdown' })).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});

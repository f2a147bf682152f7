/** @jest-environment ./test/web/jsdom-environment.ts */
// Creating a widget from the catalog or Discover needs admin in the project (spec 003 section 6):
// a viewer or editor is refused before the editor opens, with the spec's words, on the card's
// click and on the editor's address itself; an admin or owner opens the editor.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { discoverCatalogApps, getCatalogApp, getProject, getSession, listCatalogApps } from '../../generated/client/sdk.gen';
import type { CatalogApp, Project } from '../../generated/client/types.gen';
import CatalogPage from '../../web/src/pages/workspace/catalog/CatalogPage';
import { DiscoverPanel } from '../../web/src/pages/workspace/catalog/DiscoverPanel';
import WidgetEditorPage from '../../web/src/pages/workspace/editor/WidgetEditorPage';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  listCatalogApps: jest.fn(),
  discoverCatalogApps: jest.fn(),
  getProject: jest.fn(),
  getCatalogApp: jest.fn(),
  getSession: jest.fn(),
}));

const REFUSAL = "Sorry, you can't create a new widget, please contact the project owner.";
const POLL: CatalogApp = { name: 'Poll', slug: 'poll', componentType: 'poll', serviceName: 'nindo', status: 'published', category: 'Forms', tags: ['Most Popular'], teaser: 'Ask a question', promotionImage: '/catalog-images/poll.svg', buttonText: 'Create Poll' };
const ok = <T,>(data: T) => ({ data: { success: true, message: '', data } });

function answerAs(role: Project['userProjectRole']) {
  jest.mocked(getProject).mockImplementation((async () => ok({ projectId: 'site', name: 'Site', domains: [], users: [], totalComponents: 0, userProjectRole: role })) as unknown as typeof getProject);
  jest.mocked(listCatalogApps).mockImplementation((async () => ok({ apps: [POLL], total: 1, categories: [{ name: 'Forms', count: 1 }], tags: [{ name: 'Most Popular', count: 1 }] })) as unknown as typeof listCatalogApps);
  jest.mocked(discoverCatalogApps).mockImplementation((async () => ok([POLL])) as unknown as typeof discoverCatalogApps);
  jest.mocked(getCatalogApp).mockImplementation((async () => ok(POLL)) as unknown as typeof getCatalogApp);
  jest.mocked(getSession).mockImplementation((async () => ok({ id: 'u1', email: 'member@example.com', fullName: 'Member', isConfirmed: true })) as unknown as typeof getSession);
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/user/dashboard/projects/:projectId/catalog" element={<CatalogPage />} />
          <Route path="/user/dashboard/projects/:projectId/widgets" element={<DiscoverPanel projectId="site" />} />
          <Route path="/:slug/editor" element={<WidgetEditorPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => jest.clearAllMocks());

const REFUSED = ['viewer', 'editor'] as const;
const ALLOWED = ['admin', 'owner'] as const;
const SCREENS = [
  ['the catalog', '/user/dashboard/projects/site/catalog'],
  ['Discover', '/user/dashboard/projects/site/widgets'],
] as const;

describe('creating a widget from the catalog or Discover', () => {
  describe.each(SCREENS)('in %s', (_screen, path) => {
    it.each(REFUSED)("refuses the %s role on the click with the spec's words and keeps the editor shut", async (role) => {
      answerAs(role);
      const refused = jest.spyOn(toast, 'error');
      const user = renderAt(path);
      const card = await screen.findByRole('link', { name: /Poll/ });
      // The project's role arrives with the page (the sidebar asks for the same project).
      await new Promise((resolve) => setTimeout(resolve, 50));
      await user.click(card);
      expect(refused).toHaveBeenCalledWith(REFUSAL);
      expect(screen.getByRole('link', { name: /Poll/ })).toBeTruthy();
      expect(getCatalogApp).not.toHaveBeenCalled();
    });

    it.each(ALLOWED)('opens the editor for the %s role', async (role) => {
      answerAs(role);
      const user = renderAt(path);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await user.click(await screen.findByRole('link', { name: /Poll/ }));
      // A new widget opens on its type's templates, then the form.
      await user.click(await screen.findByRole('button', { name: /Start from blank/ }, { timeout: 5000 }));
      expect(await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 })).toBeTruthy();
    });
  });

  it('says so in the catalog header for a member who cannot create', async () => {
    answerAs('editor');
    renderAt('/user/dashboard/projects/site/catalog');
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    expect(screen.queryByText('Pick a widget to add to this project.')).toBeNull();
  });

  it.each(REFUSED)("refuses the %s role that opens a new widget's editor address, without the form", async (role) => {
    answerAs(role);
    renderAt('/poll/editor?projectId=site');
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Start from blank/ })).toBeNull();
  });
});

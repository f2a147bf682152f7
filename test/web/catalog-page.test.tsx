/** @jest-environment ./test/web/jsdom-environment.ts */
// The catalog page: Home groups by tag with icons, category buttons with counts send the
// category, cards link to the editor with the project's id, and an empty answer reads
// "Widget not found". The Discover panel links its apps into the project.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import CatalogPage from '../../web/src/pages/workspace/catalog/CatalogPage';
import { DiscoverPanel } from '../../web/src/pages/workspace/catalog/DiscoverPanel';
import { discoverCatalogApps, listCatalogApps } from '../../generated/client/sdk.gen';
import type { CatalogApp, CatalogList } from '../../generated/client/types.gen';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  listCatalogApps: jest.fn(),
  discoverCatalogApps: jest.fn(),
}));

const app = (slug: string, category: string, tags: string[]): CatalogApp => ({
  name: slug.toUpperCase(),
  slug,
  componentType: slug,
  serviceName: 'nindo',
  status: 'published',
  category,
  tags,
  teaser: `${slug} teaser`,
  promotionImage: `/catalog-images/${slug}.svg`,
  buttonText: 'Create',
});
const APPS = [app('poll', 'Forms', ['Trending']), app('faq', 'Content', ['Most Popular', 'Support']), app('form', 'Forms', ['Most Popular'])];

function answer(query: { search?: string; category?: string } = {}): CatalogList {
  const matching = APPS.filter((a) => !query.search || a.slug.includes(query.search));
  return {
    apps: query.category ? matching.filter((a) => a.category === query.category) : matching,
    total: matching.length,
    categories: [{ name: 'Forms', count: matching.filter((a) => a.category === 'Forms').length }, { name: 'Content', count: matching.filter((a) => a.category === 'Content').length }],
    tags: [{ name: 'Most Popular', count: 2 }, { name: 'Support', count: 1 }, { name: 'Trending', count: 1 }],
  };
}

beforeEach(() => {
  jest.mocked(listCatalogApps).mockImplementation((async (options: { query?: { search?: string; category?: string } }) => ({
    data: { success: true, data: answer(options.query), message: '' },
  })) as unknown as typeof listCatalogApps);
  jest.mocked(discoverCatalogApps).mockImplementation((async () => ({ data: { success: true, data: APPS, message: '' } })) as unknown as typeof discoverCatalogApps);
});

const renderAt = (path: string, element: React.ReactNode, route: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('CatalogPage', () => {
  it('groups Home by tag, icon tags first, and links cards to the editor in the project', async () => {
    const { container } = renderAt('/user/dashboard/projects/p-1/catalog', <CatalogPage />, '/user/dashboard/projects/:projectId/catalog');
    const popular = await screen.findByRole('region', { name: 'Most Popular' });
    const groups = [...container.querySelectorAll('.catalog-group h2')].map((h) => h.textContent);
    expect(groups).toEqual(['Most Popular', 'Trending', 'Support']);
    expect(popular.querySelector('.tag-icon--popular')).not.toBeNull();
    expect(popular.querySelector('[data-record="faq"] a')?.getAttribute('href')).toBe('/faq/editor?projectId=p-1');
  });

  it('sends the chosen category and shows its count; no match reads "Widget not found"', async () => {
    renderAt('/user/dashboard/catalog', <CatalogPage />, '/user/dashboard/catalog');
    fireEvent.click(await screen.findByRole('button', { name: /^Forms\s*2$/ }));
    await waitFor(() => expect(jest.mocked(listCatalogApps)).toHaveBeenCalledWith(expect.objectContaining({ query: { category: 'Forms' } })));
    await waitFor(() => expect(document.querySelectorAll('.app-cards .resource-card')).toHaveLength(2));
    expect(document.querySelector('[data-record="poll"] a')?.getAttribute('href')).toBe('/poll/editor');

    fireEvent.change(screen.getByLabelText('Search widgets'), { target: { value: 'zzz' } });
    expect(await screen.findByText('Widget not found')).toBeTruthy();
  });
});

describe('DiscoverPanel', () => {
  it('shows the drawn apps under "Discover more widgets", linked into the project', async () => {
    renderAt('/user/dashboard/projects/p-1/widgets', <DiscoverPanel projectId="p-1" />, '/user/dashboard/projects/:projectId/widgets');
    expect(await screen.findByRole('heading', { name: 'Discover more widgets' })).toBeTruthy();
    expect(document.querySelectorAll('.app-cards .resource-card')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Browse the catalog' }).getAttribute('href')).toBe('/user/dashboard/projects/p-1/catalog');
  });
});

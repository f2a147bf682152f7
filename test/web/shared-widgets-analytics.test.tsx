/** @jest-environment ./test/web/jsdom-environment.ts */
// Shared Widgets: a collaborator whom the API serves a widget's analytics (analyst, editor) has a
// way there from the row; a viewer, whom the API refuses them, has none.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { listSharedWidgets } from '../../generated/client/sdk.gen';
import type { WidgetRow } from '../../generated/client/types.gen';
import SharedWidgetsPage from '../../web/src/pages/workspace/widgets/SharedWidgetsPage';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  listSharedWidgets: jest.fn(),
}));

const shared = (name: string, role: WidgetRow['role']): WidgetRow => ({
  guid: `guid-${role}`, name, type: 'poll', projectId: null, views: 3, created: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z',
  app: 'Poll', slug: 'poll', permissions: [], overViewLimit: false, refusedEvents: 0, role,
});

const ROWS = [shared('Read by an analyst', 'analyst'), shared('Edited by an editor', 'editor'), shared('Seen by a viewer', 'viewer')];

function AnalyticsStub() {
  return <p>Analytics of {useParams().componentId}</p>;
}

function renderPage() {
  jest.mocked(listSharedWidgets).mockImplementation((async () => ({
    data: { success: true, message: '', data: { docs: ROWS, total: ROWS.length, page: 1, pages: 1, limit: 10, types: [{ type: 'poll', name: 'Poll', slug: 'poll' }] } },
  })) as unknown as typeof listSharedWidgets);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/user/dashboard/shared-widgets']}>
        <Routes>
          <Route path="/user/dashboard/shared-widgets" element={<SharedWidgetsPage />} />
          <Route path="/user/dashboard/analytics/:componentId" element={<AnalyticsStub />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Shared Widgets', () => {
  it.each([
    ['an analyst', 'Read by an analyst', ['Add to site', 'Analytics']],
    ['an editor', 'Edited by an editor', ['Edit', 'Add to site', 'Analytics']],
    ['a viewer', 'Seen by a viewer', ['Add to site']],
  ])('offers %s on "%s" the buttons %j', async (_role, name, buttons) => {
    renderPage();
    await screen.findByText(name, {}, { timeout: 4000 });
    // Row buttons are named by their label and the row's name.
    expect(screen.getAllByRole('button', { name: new RegExp(` ${name}$`) }).map((button) => button.textContent)).toEqual(buttons);
  });

  it("opens the widget's analytics from the row", async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Analytics Read by an analyst' }, { timeout: 4000 }));
    expect(await screen.findByText('Analytics of guid-analyst')).toBeTruthy();
  });

  // While the first page loads: the title and the table's shape, never the failure's words.
  it.each([
    ['loading', () => new Promise(() => undefined), 'status', 'Loading widgets'],
    ['empty', async () => ({ data: { success: true, message: '', data: { docs: [], total: 0, page: 1, pages: 0, limit: 10, types: [] } } }), 'heading', 'No shared widgets yet'],
    ['failed', async () => ({ error: { success: false, message: 'Oops' }, response: new Response(null, { status: 500 }) }), 'heading', 'Could not load plugin list'],
  ] as const)('shows its title %s, with the %s "%s"', async (_state, answer, role, name) => {
    jest.mocked(listSharedWidgets).mockImplementation(answer as unknown as typeof listSharedWidgets);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/user/dashboard/shared-widgets']}>
          <SharedWidgetsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Shared Widgets', level: 1 })).toBeTruthy();
    expect(await screen.findByRole(role, { name })).toBeTruthy();
    if (name !== 'Could not load plugin list') expect(screen.queryByText('Could not load plugin list')).toBeNull();
  });
});

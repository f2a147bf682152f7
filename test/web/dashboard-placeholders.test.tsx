/** @jest-environment ./test/web/jsdom-fetch-environment.ts */
// The app dashboard while its data loads (issue 27, item 13): every card, meter and count shows
// a placeholder until its call answers, never a "0" it does not know, then the real figures.
import { act, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { client } from '../../generated/client/client.gen';
import DashboardPage from '../../web/src/pages/developer/dashboard/DashboardPage';

// ECharts draws on a canvas, which jsdom has not (and ships as ES modules jest does not load): the
// charts stand as their labelled frames; the figures under test are plain text beside them.
jest.mock('../../web/src/components/Chart', () => ({ Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const APP = '/integrations/developer/apps/app-1';
const ANSWERS: Record<string, unknown> = {
  '/api/health': { brand: 'Nindo' },
  '/api/user/session': { fullName: 'Dana Developer' },
  [APP]: { appId: 'app-1', name: 'Reviews', status: 'draft', secretKey: 'secret', developerIds: [], scopes: [], endpoints: { authCallback: 'https://example.com/callback' }, connectUrl: '' },
  [`${APP}/integrations`]: [{ platform: 'woocommerce', isActive: true, platformAppKeys: {} }],
  '/integrations/developer/integrationPlatforms': [{ name: 'woocommerce', displayName: 'WooCommerce', fields: [] }],
  [`${APP}/analytics/total`]: { users: 216, subscriptions: 84, revenue: 9822.24 },
  [`${APP}/analytics/usage`]: { installations: 12, storage: 212 * 1024, requests: 1500 },
  [`${APP}/analytics/revenue`]: [{ created: new Date().toISOString(), amount: 49.5, currency: 'USD', user: { platform: 'nindo' } }],
  [`${APP}/analytics/installations/stats`]: [],
  [`${APP}/analytics/subscriptions/stats`]: [],
};

/** Answers every call once `release` is called, as a slow machine would. */
function heldServer() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => { release = resolve; });
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    await released;
    const data = ANSWERS[path];
    return new Response(JSON.stringify({ success: data !== undefined, message: '', data: data ?? null }), { status: data === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, release };
}

function renderDashboard() {
  const server = heldServer();
  client.setConfig({ baseUrl: 'http://localhost', fetch: server.fetch });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/developer/apps/app-1']}>
        <Routes><Route path="/developer/apps/:appId" element={<DashboardPage />} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return server;
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const meterText = (label: string) => within(screen.getByRole('meter', { name: label })).getByText(/\//).textContent;

describe('app dashboard while loading', () => {
  it('shows placeholders on every card, meter and count until the data arrives, then the real figures', async () => {
    const server = renderDashboard();
    for (const id of ['total-users', 'total-subscriptions', 'total-revenue', 'revenue-figure', 'installations-figure', 'subscriptions-figure', 'checklist-done']) {
      expect(text(id)).toBe('Loading');
    }
    for (const label of ['Number of Stores', 'Storage', 'Requests']) expect(meterText(label)).toMatch(/^Loading \//);
    expect(screen.queryByText('No revenue in this period.')).toBeNull();
    expect(document.body.textContent).not.toMatch(/\$0\.00|\b0 of 5 done/);
    // Each chart is its shape, not a spinner over empty axes (issue 37).
    for (const chart of ['Revenue', 'Installations', 'Subscriptions']) {
      expect(screen.getByRole('status', { name: `Loading ${chart}` })).toBeTruthy();
      expect(screen.queryByRole('img', { name: chart })).toBeNull();
    }

    await act(async () => server.release());
    expect(await screen.findByText('2 of 5 done')).toBeTruthy();
    expect(text('total-users')).toBe('216');
    expect(text('total-subscriptions')).toBe('84');
    expect(text('total-revenue')).toBe('$9,822.24');
    expect(text('revenue-figure')).toBe('$49.50');
    expect(text('installations-figure')).toBe('0');
    expect(meterText('Number of Stores')).toBe('12 / 500');
    expect(meterText('Storage')).toBe('212 kB / 5 GB');
    expect(meterText('Requests')).toBe('1.5K / 5K');
    // The charts once the loading indicator's 600 ms have passed (spec 000 section 9).
    expect(await screen.findByRole('img', { name: 'Revenue' }, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading Revenue' })).toBeNull();
  });

  it('says the Users card counts installed stores, where the Users page lists uninstalled ones too', async () => {
    const server = renderDashboard();
    await act(async () => server.release());
    const card = await screen.findByRole('region', { name: 'Users' });
    expect(within(card).getByTestId('total-users').textContent).toBe('216');
    expect(card.textContent).toMatch(/Installed now\. The Users page also lists stores that uninstalled\./);
  });
});

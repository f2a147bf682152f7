/** @jest-environment ./test/web/jsdom-environment.ts */
// An app id the developer does not have: every /developer/apps/<id>/... address says the app was
// not found, with a way back to My Apps, and never draws its screen under another app's name.
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import DeveloperShell from '../../web/src/pages/developer/DeveloperShell';
import NotFoundPage from '../../web/src/pages/developer/NotFoundPage';
import { getSession, listApps } from '../../generated/client/sdk.gen';

jest.mock('../../generated/client/sdk.gen', () => ({ ...jest.requireActual('../../generated/client/sdk.gen'), getSession: jest.fn(), listApps: jest.fn() }));

const drawn = jest.fn();
function AppScreen() {
  drawn();
  return <h1>App screen</h1>;
}

beforeEach(() => {
  drawn.mockClear();
  jest.mocked(getSession).mockImplementation((async () => ({
    data: { success: true, data: { id: 'u1', email: 'dev@example.com', fullName: 'Dev', isDeveloper: true }, message: '' },
  })) as unknown as typeof getSession);
  jest.mocked(listApps).mockImplementation((async () => ({
    data: { success: true, data: [{ appId: 'countdown', name: 'Countdown Timer' }, { appId: 'reviews', name: 'Review Booster' }], message: '' },
  })) as unknown as typeof listApps);
});

const renderAt = (address: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/developer" element={<DeveloperShell />}>
            <Route path="apps/:appId/dashboard" element={<AppScreen />} />
            <Route path="apps/:appId/users" element={<AppScreen />} />
            <Route path="apps/:appId/*" element={<NotFoundPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('an unknown app in the developer portal', () => {
  it.each(['/developer/apps/nope/dashboard', '/developer/apps/nope/users', '/developer/apps/nope/anything'])('%s says the app was not found and links back to My Apps', async (address) => {
    renderAt(address);
    expect(await screen.findByRole('heading', { level: 1, name: 'App not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Apps' }).getAttribute('href')).toBe('/developer/apps');
    expect(drawn).not.toHaveBeenCalled();
    const switcher = screen.getByLabelText<HTMLSelectElement>('App');
    expect(switcher.selectedOptions[0]?.textContent).toBe('Select an app');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('draws a known app\'s screen', async () => {
    renderAt('/developer/apps/reviews/dashboard');
    expect(await screen.findByRole('heading', { name: 'App screen' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('App').selectedOptions[0]?.textContent).toBe('Review Booster');
  });

  it('asks the apps again for an id its list loaded earlier lacks (an app just created), then draws it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const reply = (apps: Array<{ appId: string; name: string }>) => (async () => ({ data: { success: true, data: apps, message: '' } })) as unknown as typeof listApps;
    jest.mocked(listApps).mockImplementationOnce(reply([{ appId: 'reviews', name: 'Review Booster' }])).mockImplementation(reply([{ appId: 'reviews', name: 'Review Booster' }, { appId: 'fresh', name: 'Fresh App' }]));
    const view = (address: string) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route path="/developer" element={<DeveloperShell />}>
              <Route path="apps/:appId/dashboard" element={<AppScreen />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    );
    const first = render(view('/developer/apps/reviews/dashboard'));
    await screen.findByRole('heading', { name: 'App screen' });
    first.unmount();
    render(view('/developer/apps/fresh/dashboard'));
    expect(await screen.findByRole('heading', { name: 'App screen' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'App not found' })).toBeNull();
  });

  it('gives a mistyped page of a known app a 404 page with a title and the way back to its dashboard', async () => {
    renderAt('/developer/apps/reviews/nosuchpage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/developer/apps/reviews/dashboard');
  });
});

/** @jest-environment ./test/web/jsdom-environment.ts */
// The Documents tab follows its collection live: on the stream's connect event it subscribes to
// that collection with the session, and a change reads the shown page of that collection again
// (not another collection's), at most twice a second; the tab says whether it is following.
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { setLiveSubscriptions } from '../../generated/client/sdk.gen';
import { useLiveDocuments } from '../../web/src/pages/developer/database/documents/use-live-documents';
import { LiveBadge } from '../../web/src/pages/developer/database/documents/LiveBadge';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  setLiveSubscriptions: jest.fn(),
}));

/** jsdom has no EventSource: the browser's, as far as the tab uses it. */
class BrowserEventSource extends EventTarget {
  static opened: BrowserEventSource[] = [];
  static readonly CLOSED = 2;
  /** CONNECTING (0) while the browser reconnects after an error. */
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    super();
    BrowserEventSource.opened.push(this);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string, data: object): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function Tab({ appId, name }: { appId: string; name: string }) {
  return <LiveBadge state={useLiveDocuments({ appId, name })} />;
}

beforeEach(() => {
  jest.useFakeTimers();
  BrowserEventSource.opened = [];
  Object.assign(globalThis, { EventSource: BrowserEventSource });
  jest.mocked(setLiveSubscriptions).mockResolvedValue({} as never);
});

afterEach(() => {
  jest.useRealTimers();
});

it('subscribes on connect and reads this collection\'s list again after changes, once per half second', async () => {
  const client = new QueryClient();
  const listOf = (name: string) => [{ _id: 'listDocuments', path: { appId: 'app-1', name }, query: { page: 1 } }];
  for (const name of ['products', 'orders']) client.setQueryData(listOf(name), { items: [] });
  const view = render(
    <QueryClientProvider client={client}>
      <Tab appId="app-1" name="products" />
    </QueryClientProvider>,
  );
  const source = BrowserEventSource.opened[0];
  expect(source.url).toBe('/api/v1/data/app-1/live');
  act(() => source.emit('connect', { clientId: 'client-1' }));
  expect(setLiveSubscriptions).toHaveBeenCalledWith({ path: { appId: 'app-1' }, body: { clientId: 'client-1', subscriptions: [{ collection: 'products' }] } });
  act(() => {
    source.emit('created', { collection: 'products', document: { _id: 'd1' } });
    source.emit('updated', { collection: 'products', document: { _id: 'd1' } });
  });
  expect(client.getQueryState(listOf('products'))?.isInvalidated).toBe(false);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(500);
  });
  expect(client.getQueryState(listOf('products'))?.isInvalidated).toBe(true);
  expect(client.getQueryState(listOf('orders'))?.isInvalidated).toBe(false);
  view.unmount();
  expect(source.closed).toBe(true);
});

it('says it is live once subscribed, reconnecting while the stream is down, and not live if the subscription is refused', async () => {
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <Tab appId="app-1" name="products" />
    </QueryClientProvider>,
  );
  const source = BrowserEventSource.opened[0];
  expect(screen.getByRole('status').textContent).toBe('Connecting…');
  await act(async () => source.emit('connect', { clientId: 'client-1' }));
  expect(screen.getByRole('status').textContent).toBe('Live: new and changed documents appear here');
  act(() => {
    source.dispatchEvent(new Event('error'));
  });
  expect(screen.getByRole('status').textContent).toBe('Reconnecting… (Refresh shows the latest meanwhile)');
  jest.mocked(setLiveSubscriptions).mockResolvedValue({ error: { message: 'Too many live connections' } } as never);
  await act(async () => source.emit('connect', { clientId: 'client-2' }));
  expect(screen.getByRole('status').textContent).toBe('Not live: use Refresh to see changes');
  view.unmount();
});

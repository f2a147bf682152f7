/** @jest-environment ./test/web/jsdom-environment.ts */
// The widgets list's photo column: each row's widget drawn by its type's renderer from the row's
// settings (the document's widget-picture format), a same-size empty box until the row is in view,
// and no letter placeholder.
import { act, screen, waitFor } from '@testing-library/react';
import type { WidgetRow } from '../../generated/client/types.gen';
import { listProjectWidgets } from '../../generated/client/sdk.gen';
import { WidgetsTable } from '../../web/src/pages/workspace/widgets/WidgetsTable';
import { inApp } from './in-app';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  listProjectWidgets: jest.fn(),
}));

const row = (overrides: Partial<WidgetRow>): WidgetRow => ({
  guid: 'w1', name: 'Help', type: 'faq', projectId: 'site', views: 0, created: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z',
  app: 'FAQ', slug: 'faq', permissions: [], overViewLimit: false, refusedEvents: 0, role: 'owner', ...overrides,
});
const rows = [
  row({ guid: 'w1', name: 'Help', type: 'faq', settings: { title: 'Shipping questions' } }),
  row({ guid: 'w2', name: 'Vote', type: 'poll', app: 'Poll', slug: 'poll', settings: { question: 'Tea or coffee?' } }),
];

// jsdom has no IntersectionObserver: this one lets the test say which boxes came into view.
const watched = new Map<Element, IntersectionObserverCallback>();
class ViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) { watched.set(element, this.callback); }
  disconnect() { for (const [element, callback] of watched) if (callback === this.callback) watched.delete(element); }
}
const comeIntoView = (element: Element) =>
  act(() => watched.get(element)?.([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver));

const waiting = () => [...document.querySelectorAll('.widget-picture--waiting')];
const drawings = () => [...document.querySelectorAll('.widget-picture__stage > div')].map((host) => host.shadowRoot).filter((root) => root !== null);

beforeEach(() => {
  watched.clear();
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, value: ViewObserver });
  jest.mocked(listProjectWidgets).mockImplementation((async () => ({ data: { success: true, message: '', data: { docs: rows, total: 2, page: 1, pages: 1, limit: 10, types: [] } } })) as never);
});
afterEach(() => Reflect.deleteProperty(window, 'IntersectionObserver'));

describe('the widgets list photo', () => {
  it('draws nothing until a row is in view, then that row widget from its settings, not a letter', async () => {
    inApp(<WidgetsTable projectId="site" types={[]} />);
    await screen.findByText('Vote', {}, { timeout: 4000 });
    // Both boxes wait for the view, each watched once.
    await waitFor(() => expect(watched.size).toBe(2));
    expect(waiting()).toHaveLength(2);
    expect(drawings()).toHaveLength(0);
    expect(document.querySelector('.widget-photo--blank')).toBeNull();

    const [first, second] = [...watched.keys()];
    await comeIntoView(first);
    await waitFor(() => expect(drawings()[0]?.textContent).toContain('Shipping questions'));
    expect(drawings()).toHaveLength(1);
    expect(waiting()).toHaveLength(1);

    await comeIntoView(second);
    await waitFor(() => expect(drawings()).toHaveLength(2));
    await waitFor(() => expect(drawings()[1]?.textContent).toContain('Tea or coffee?'));
    const photos = [...document.querySelectorAll('[col-id="previewImage"] .widget-picture')];
    expect(photos).toHaveLength(2);
    expect(photos.every((photo) => photo.classList.contains('resource-widget-picture') && photo.getAttribute('aria-hidden') === 'true')).toBe(true);
  });
});

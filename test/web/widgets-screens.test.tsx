/** @jest-environment ./test/web/jsdom-environment.ts */
// The widgets list's parts: the row menu offers what the role may do (Move to only for the owner
// and only when other projects exist), the views cell warns at the limit, and the collaborator
// invitation waits for an email before Send Invite.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { WidgetRow } from '../../generated/client/types.gen';
import { WidgetMenuPopup } from '../../web/src/pages/workspace/widgets/WidgetMenuPopup';
import { ViewsCell } from '../../web/src/pages/workspace/widgets/WidgetCells';
import { CollaboratorsPopup } from '../../web/src/pages/workspace/widgets/CollaboratorsPopup';
import { listWidgetPermissions } from '../../generated/client/sdk.gen';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  listWidgetPermissions: jest.fn(),
}));

const widget = (overrides: Partial<WidgetRow> = {}): WidgetRow => ({
  guid: 'w1', name: 'Launch countdown', type: 'countdown', projectId: 'p1', views: 12, created: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z',
  app: 'Countdown Timer', slug: 'countdown-timer', permissions: [], overViewLimit: false, refusedEvents: 0, role: 'owner', ...overrides,
});

const inRouter = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

const ALWAYS = ['Analytics', 'Live Preview'];

describe('the row menu', () => {
  it.each([
    ['viewer', true, ALWAYS],
    ['analyst', true, ALWAYS],
    ['editor', true, ['Duplicate', ...ALWAYS]],
    ['admin', true, ['Collaborators', 'Duplicate', 'Rename', ...ALWAYS, 'Delete']],
    ['owner', true, ['Collaborators', 'Duplicate', 'Move to', 'Rename', ...ALWAYS, 'Delete']],
    ['owner', false, ['Collaborators', 'Duplicate', 'Rename', ...ALWAYS, 'Delete']],
  ] as const)('offers a %s (other projects: %s) %j', (role, canMove, items) => {
    inRouter(<WidgetMenuPopup widget={widget({ role })} canMove={canMove} onChoose={jest.fn()} onClose={jest.fn()} />);
    const list = screen.getByRole('list', { name: 'Actions of Launch countdown' });
    expect([...list.querySelectorAll('button, a')].map((item) => item.textContent)).toEqual(items);
  });
});

describe('the views cell', () => {
  it.each([
    [{ views: 1_234_567, overViewLimit: true }, '1.23M Please Upgrade'],
    [{ views: 299, overViewLimit: false }, '299'],
  ])('shows %j as %s', (row, text) => {
    const { container } = inRouter(<ViewsCell row={widget(row)} />);
    expect(container.textContent).toBe(text);
  });
});

describe('inviting a collaborator', () => {
  it('keeps Send Invite disabled until an email is typed, with the viewer role by default', async () => {
    jest.mocked(listWidgetPermissions).mockImplementation((async () => ({ data: { success: true, message: '', data: { docs: [], total: 0, page: 1, pages: 1, limit: 5 } } })) as unknown as typeof listWidgetPermissions);
    inRouter(<CollaboratorsPopup widget={widget()} onClose={jest.fn()} />);
    const send = await screen.findByRole('button', { name: 'Send Invite' });
    expect(send).toHaveProperty('disabled', true);
    expect((screen.getByLabelText('Role') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Viewer');
    await userEvent.setup().type(screen.getByLabelText(/^Email/), 'friend@example.com');
    expect(send).toHaveProperty('disabled', false);
  });
});

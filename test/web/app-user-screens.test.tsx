/** @jest-environment ./test/web/jsdom-environment.ts */
// The app user's page follows the document: a property added to the user's and the note's read
// and write schemas shows in the record view and the notes list, and refills the edit forms,
// which send it back; the page names none of their fields.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import UserDetailPage from '../../web/src/pages/developer/users/UserDetailPage';
import { getAppUser, getAppUserStats, listAppUserCharges, listAppUserSubscriptions, listPlans, updateAppUser, updateAppUserNote } from '../../generated/client/sdk.gen';
import { schemaNamed } from '../helpers/schema-entries';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  getAppUser: jest.fn(),
  getAppUserStats: jest.fn(),
  listAppUserCharges: jest.fn(),
  listAppUserSubscriptions: jest.fn(),
  listPlans: jest.fn(),
  updateAppUser: jest.fn(),
  updateAppUserNote: jest.fn(),
}));

const PROBE = { type: 'string', title: 'Probe note' } as const;
const PROBED = ['AppUser', 'AppUserInput', 'AppUserNote', 'NoteInput'];
const propertiesOf = (name: string) => schemaNamed(name).properties;

const note = { id: 'n1', title: 'Onboarding call', description: 'Walked through the settings.', probeNote: 'note probe' };
const user = {
  id: 'u1', appId: 'app-1', accountName: 'Demo Store', accountEmail: 'store@example.com', platform: 'nindo', platformUserId: 'nindo-1',
  created: '2026-11-28T10:00:00Z', notes: [note], probeNote: 'user probe',
};
const page = { docs: [], total: 0, page: 1, pages: 1, limit: 5 };
const answer = (data: unknown, message = '') => async () => ({ data: { success: true, message, data } });

beforeAll(() => {
  for (const name of PROBED) propertiesOf(name).probeNote = PROBE;
});
afterAll(() => {
  for (const name of PROBED) delete propertiesOf(name).probeNote;
});

function renderPage() {
  jest.mocked(getAppUser).mockImplementation(answer(user) as unknown as typeof getAppUser);
  jest.mocked(getAppUserStats).mockImplementation(answer({ totalCharges: 12, mrr: 3, currency: 'USD' }) as unknown as typeof getAppUserStats);
  jest.mocked(listPlans).mockImplementation(answer([]) as unknown as typeof listPlans);
  jest.mocked(listAppUserSubscriptions).mockImplementation(answer(page) as unknown as typeof listAppUserSubscriptions);
  jest.mocked(listAppUserCharges).mockImplementation(answer(page) as unknown as typeof listAppUserCharges);
  jest.mocked(updateAppUser).mockImplementation(answer(user, 'User details updated successfully') as unknown as typeof updateAppUser);
  jest.mocked(updateAppUserNote).mockImplementation(answer(note, 'Note updated') as unknown as typeof updateAppUserNote);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/developer/apps/app-1/users/user/u1']}>
        <Routes>
          <Route path="/developer/apps/:appId/users/user/:userId" element={<UserDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("the app user's page", () => {
  it('shows an added property in the record view and refills it in Edit user, which sends it', async () => {
    const clicks = renderPage();
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText('Probe note')).toBeTruthy();
    expect(within(details).getByText('user probe')).toBeTruthy();
    // Server-owned properties stay out of the view where the address holds them.
    expect(within(details).queryByText('App ID')).toBeNull();

    await clicks.click(screen.getByRole('button', { name: 'Edit user' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Probe note/)).toHaveProperty('value', 'user probe');
    await clicks.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateAppUser).toHaveBeenCalledTimes(1));
    expect(jest.mocked(updateAppUser).mock.calls[0][0].body).toEqual({ accountName: 'Demo Store', accountEmail: 'store@example.com', probeNote: 'user probe' });
  });

  it("lists a note's added property and refills it when the note is edited", async () => {
    const clicks = renderPage();
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(await within(notes).findByText('note probe', {}, { timeout: 4000 })).toBeTruthy();
    expect(within(notes).getByText('Probe note')).toBeTruthy();

    await clicks.click(within(notes).getByRole('button', { name: 'Edit Onboarding call' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Probe note/)).toHaveProperty('value', 'note probe');
    await clicks.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateAppUserNote).toHaveBeenCalledTimes(1));
    const { path, body } = jest.mocked(updateAppUserNote).mock.calls[0][0];
    expect(path).toEqual({ appId: 'app-1', userId: 'u1', noteId: 'n1' });
    expect(body).toEqual({ title: 'Onboarding call', description: 'Walked through the settings.', probeNote: 'note probe' });
  });
});

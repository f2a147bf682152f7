/** @jest-environment ./test/web/jsdom-environment.ts */
// Add User on the Permissions page: an empty email is refused in the form with the spec's
// 'Email required', shown once, and nothing is sent (no toast of a failed call either).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { addProjectPermission, inviteProjectUser } from '../../generated/client/sdk.gen';
import type { Project } from '../../generated/client/types.gen';
import { AddUserPopup } from '../../web/src/pages/workspace/projects/AddUserPopup';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  addProjectPermission: jest.fn(),
  inviteProjectUser: jest.fn(),
}));

const project: Project = { projectId: 'site', name: 'Site', domains: [], users: [], totalComponents: 0, userProjectRole: 'owner' };

function renderPopup() {
  render(
    <>
      <Toaster />
      <AddUserPopup open project={project} onClose={jest.fn()} onAdded={jest.fn(async () => undefined)} onPlanLimit={jest.fn()} />
    </>,
  );
  return userEvent.setup();
}

describe('Add User', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
  ])('refuses an email left %s once, in the form, and sends nothing', async (_case, typed) => {
    const user = renderPopup();
    if (typed) await user.type(screen.getByLabelText(/^Email/), typed);
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Email required')).toBeTruthy();
    // A failed call would have toasted by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('Email required')).toHaveLength(1);
    expect(screen.queryByText('Oops, something went wrong')).toBeNull();
    expect(addProjectPermission).not.toHaveBeenCalled();
  });

  it('sends the permission and the invitation for an email', async () => {
    jest.mocked(addProjectPermission).mockImplementation((async () => ({ data: { success: true, message: '', data: { _id: 'p1', permissionId: 'p1', role: 'viewer', status: 'pending', email: 'ann@example.com', userDetails: { email: 'ann@example.com' } } } })) as unknown as typeof addProjectPermission);
    jest.mocked(inviteProjectUser).mockImplementation((async () => ({ data: { success: true, message: 'Invitation sent', data: null } })) as unknown as typeof inviteProjectUser);
    const user = renderPopup();
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    await waitFor(() => expect(inviteProjectUser).toHaveBeenCalledWith({ body: expect.objectContaining({ permissionId: 'p1', email: 'ann@example.com' }) }));
    expect(await screen.findByText('Invitation sent: ann@example.com')).toBeTruthy();
  });
});

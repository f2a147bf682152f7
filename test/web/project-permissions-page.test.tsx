/** @jest-environment ./test/web/jsdom-environment.ts */
// The Permissions page: a member below admin is told they are not permitted; the owner sees
// Email, Permission and Status ("pending approval"), and Update Permission sends only a change.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import PermissionsPage from '../../web/src/pages/workspace/projects/PermissionsPage';
import { getProject, listProjectPermissions, updateProjectPermission } from '../../generated/client/sdk.gen';
import type { Project, ProjectPermission } from '../../generated/client/types.gen';

type ProjectRole = Project['userProjectRole'];

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  getProject: jest.fn(),
  listProjectPermissions: jest.fn(),
  updateProjectPermission: jest.fn(),
}));

const pending: ProjectPermission = { _id: 'p1', permissionId: 'p1', role: 'viewer', status: 'pending', userDetails: { email: 'ann@example.com' }, email: 'ann@example.com' };

function renderAs(role: ProjectRole) {
  jest.mocked(getProject).mockImplementation((async () => ({
    data: { success: true, message: '', data: { projectId: 'site', name: 'Site', domains: [], users: [], totalComponents: 0, userProjectRole: role } },
  })) as unknown as typeof getProject);
  jest.mocked(listProjectPermissions).mockImplementation((async () => ({
    data: { success: true, message: '', data: { docs: [pending], total: 1, page: 1, pages: 1, limit: 10 } },
  })) as unknown as typeof listProjectPermissions);
  jest.mocked(updateProjectPermission).mockImplementation((async () => ({
    data: { success: true, message: 'Permission updated', data: { ...pending, role: 'editor' } },
  })) as unknown as typeof updateProjectPermission);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/user/dashboard/projects/site/permissions']}>
        <Routes>
          <Route path="/user/dashboard/projects/:projectId/permissions" element={<PermissionsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the Permissions page', () => {
  it.each<ProjectRole>(['viewer', 'editor'])('tells a %s they are not permitted, under the page title as Project settings does', async (role) => {
    renderAs(role);
    expect(await screen.findByText('Sorry, you are not permitted here please contact project owner.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Permissions');
    expect(listProjectPermissions).not.toHaveBeenCalled();
  });

  it('shows an admin the list without the owner buttons', async () => {
    renderAs('admin');
    expect(await screen.findByText('pending approval', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Update Permission/ })).toBeNull();
  });

  it('sends Update Permission only when the role changed', async () => {
    const user = renderAs('owner');
    await user.click(await screen.findByRole('button', { name: 'Update Permission ann@example.com' }, { timeout: 4000 }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(updateProjectPermission).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Update Permission ann@example.com' }));
    await user.selectOptions(await within(await screen.findByRole('dialog')).findByRole('combobox'), 'Editor');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateProjectPermission).toHaveBeenCalledWith({ path: { projectId: 'site', permissionId: 'p1' }, body: { role: 'editor' } }));
  });
});

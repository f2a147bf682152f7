/** @jest-environment ./test/web/jsdom-environment.ts */
// My Projects: the Uncategorized Widgets card, project cards with at most 4 avatars, the search
// box only above 4 projects, and the upgrade popup when the plan refuses a new project (with no
// toast beside it).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import MyProjectsPage from '../../web/src/pages/workspace/projects/MyProjectsPage';
import { createProject, getPlanFeatures, getProject, listProjects } from '../../generated/client/sdk.gen';
import type { Project } from '../../generated/client/types.gen';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  listProjects: jest.fn(),
  getProject: jest.fn(),
  createProject: jest.fn(),
  getPlanFeatures: jest.fn(),
}));

const project = (name: string, collaborators = 0): Project => ({
  projectId: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  domains: [],
  users: Array.from({ length: collaborators }, (_, i) => ({ fullName: `Member ${i + 1}` })),
  totalComponents: 2,
  userProjectRole: 'owner',
});

const answering = (projects: Project[]) => {
  jest.mocked(listProjects).mockImplementation((async () => ({ data: { success: true, data: projects, message: '' } })) as unknown as typeof listProjects);
};

const planAllows = (websites: number) => {
  jest.mocked(getPlanFeatures).mockImplementation((async () => ({ data: { success: true, data: { websites, collaborators: 1 }, message: '' } })) as unknown as typeof getPlanFeatures);
};

beforeEach(() => {
  planAllows(10);
  jest.mocked(getProject).mockImplementation((async () => ({
    data: { success: true, data: { ...project('Uncategorized Widgets'), projectId: 'uncategorized', totalComponents: 3 }, message: '' },
  })) as unknown as typeof getProject);
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Toaster />
      <MemoryRouter initialEntries={['/user/dashboard/projects']}>
        <Routes>
          <Route path="/user/dashboard/projects" element={<MyProjectsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('My Projects', () => {
  it('shows the uncategorized card, the projects with at most 4 avatars, and no search for 4 projects', async () => {
    answering([project('Alpha', 6), project('Beta'), project('Gamma'), project('Delta')]);
    renderPage();
    await screen.findByText('Alpha');
    expect(await screen.findByText('3 widgets')).toBeTruthy();
    expect(screen.getByLabelText('6 collaborators').querySelectorAll('.avatar-stack__item')).toHaveLength(5);
    expect(screen.getByText('+2')).toBeTruthy();
    expect(screen.queryByLabelText('Search projects')).toBeNull();
  });

  it('offers a search box above 4 projects that narrows the cards by name', async () => {
    answering([project('Alpha'), project('Beta'), project('Gamma'), project('Delta'), project('Epsilon')]);
    renderPage();
    fireEvent.change(await screen.findByLabelText('Search projects'), { target: { value: 'ps' } });
    expect(await screen.findByText('Epsilon')).toBeTruthy();
    expect(screen.queryByText('Alpha')).toBeNull();
  });

  it('opens the upgrade popup when Create is pressed at the plan\'s websites limit, before any form (spec 003)', async () => {
    planAllows(1);
    answering([project('Alpha')]);
    renderPage();
    await screen.findByText('Alpha');
    await waitFor(() => expect(getPlanFeatures).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: /Create a new project/ }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade your plan' })).toBeTruthy();
    expect(screen.queryByLabelText(/Project name/)).toBeNull();
    expect(createProject).not.toHaveBeenCalled();
  });

  it('opens the upgrade popup, and no toast, when the plan refuses a new project', async () => {
    answering([project('Alpha')]);
    jest.mocked(createProject).mockImplementation((async () => ({
      error: { success: false, data: null, message: 'limit', reason: 'planLimit' },
    })) as unknown as typeof createProject);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Create a new project/ }));
    fireEvent.change(await screen.findByLabelText(/Project name/), { target: { value: 'Second' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(createProject).toHaveBeenCalledWith({ body: { name: 'Second' } }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Upgrade your plan' })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/user/dashboard/pricing/widgetsbundle');
    expect(screen.getByTitle('Plans').getAttribute('src')).toBe('/embed/pricing/widgetsbundle');
    // The create popup's success comes after it lingers (CLOSE_AFTER_MS); a toast would be up by then.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(0);
  });
});

/** @jest-environment ./test/web/jsdom-fetch-environment.ts */
// A declared resource's screen with no page of its own (issue 23 item 3): the Announcement of
// test/fixtures/announcement.yaml, bundled into a copy of openapi/, listed, searched, sorted,
// created and deleted through the generated client against a fake server, with the actions the
// project role does not reach hidden.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { client } from '../../../generated/client/client.gen';
import type { ProjectRole } from '../../../rules/workspace-roles';
import { DeclaredResourcePage } from '../../../web/src/pages/declared/DeclaredResourcePage';
import { DECLARED_SCREENS } from '../../../web/src/pages/declared/screens';
import { announcementScreens } from './announcement-screens';

type Row = Record<string, string>;
type Sent = { method: string; path: string; query: Record<string, string>; body?: unknown };

const [announcement] = announcementScreens();
const LIST = '/api/projects/site/announcements';
const STORED: Row[] = [
  { id: 'a1', title: 'Summer sale', body: 'Half price', status: 'published', publishAt: '2026-07-01T09:00:00.000Z', widgetId: 'w1', created: '2026-06-01T09:00:00.000Z', updated: '2026-06-01T09:00:00.000Z' },
  { id: 'a2', title: 'Winter hours', body: 'Closed on Sundays', status: 'draft', created: '2026-06-02T09:00:00.000Z', updated: '2026-06-02T09:00:00.000Z' },
];

const WIDGETS = [{ guid: 'w1', name: 'Pricing table' }, { guid: 'w2', name: 'Contact form' }];

const answer = (status: number, data: unknown) => new Response(JSON.stringify({ success: status < 400, message: status === 201 ? 'Created' : 'Done', data }), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers the project and the announcements' five operations as the generic handlers do. */
/** While `held.until` is set, the project's widget lists wait for it: the picker as a slow network leaves it. */
type WidgetsHeld = { until?: Promise<void> };

function fakeServer({ role, widgetsHeld, stored = STORED }: { role: ProjectRole; widgetsHeld?: WidgetsHeld; stored?: Row[] }) {
  const sent: Sent[] = [];
  let rows = [...stored];
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    const text = await request.text();
    sent.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), ...(text ? { body: JSON.parse(text) } : {}) });
    if (url.pathname === '/api/project/site') return answer(200, { projectId: 'site', name: 'Site', domains: [], users: [], totalComponents: 0, userProjectRole: role });
    if (url.pathname === LIST && request.method === 'GET') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const sort = url.searchParams.get('sort') ?? '';
      const field = sort.replace(/^-/, '');
      const found = rows.filter((row) => `${row.title} ${row.body}`.toLowerCase().includes(search));
      if (field) found.sort((a, b) => (sort.startsWith('-') ? -1 : 1) * String(a[field]).localeCompare(String(b[field])));
      return answer(200, { items: found, total: found.length, page: 1, pages: 1, limit: 20 });
    }
    if (url.pathname === '/api/project/site/component') await widgetsHeld?.until;
    if (url.pathname === '/api/project/site/component') return answer(200, { docs: WIDGETS.filter((widget) => widget.name.toLowerCase().includes(url.searchParams.get('search') ?? '')), total: 2, page: 1, pages: 1, limit: 20, types: [] });
    if (url.pathname === `${LIST}/a1` && request.method === 'GET') return answer(200, rows[0]);
    if (url.pathname === LIST && request.method === 'POST') return answer(201, { id: 'a3', ...JSON.parse(text), created: '2026-06-03T09:00:00.000Z', updated: '2026-06-03T09:00:00.000Z' });
    if (url.pathname === `${LIST}/a1` && request.method === 'PATCH') return answer(200, { ...rows[0], ...JSON.parse(text) });
    if (url.pathname.startsWith(`${LIST}/`) && request.method === 'DELETE') {
      rows = rows.filter((row) => row.id !== url.pathname.slice(LIST.length + 1));
      return answer(200, null);
    }
    return answer(404, null);
  };
  return { sent, fetch };
}

function renderAs(role: ProjectRole, { widgetsHeld, stored }: { widgetsHeld?: WidgetsHeld; stored?: Row[] } = {}) {
  const server = fakeServer({ role, widgetsHeld, stored });
  client.setConfig({ baseUrl: 'http://localhost', fetch: server.fetch });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queries}>
      <MemoryRouter initialEntries={['/user/dashboard/projects/site/announcements']}>
        <Routes>
          <Route path="/user/dashboard/projects/:projectId/announcements" element={<DeclaredResourcePage screen={announcement} />} />
          <Route path="/user/dashboard/projects/:projectId/announcements/:id" element={<DeclaredResourcePage screen={announcement} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const lists = () => server.sent.filter((call) => call.path === LIST && call.method === 'GET');
  /** Resolves once the project, and with it the caller's role, has arrived. */
  const roleKnown = () => waitFor(() => expect(queries.getQueryCache().findAll({ predicate: ({ queryKey: [head], state }) => (head as { _id?: string })._id === 'getProject' && state.status === 'success' })).toHaveLength(1));
  return { ...server, lists, roleKnown, user: userEvent.setup() };
}

const bodyText = () => Array.from(document.querySelectorAll('.ag-row'), (row) => row.textContent).join('\n');

describe('a declared resource found in the document', () => {
  it('gets a project screen named by its declaration, and the real document declares none', () => {
    expect(announcement).toMatchObject({ name: 'Announcement', slug: 'announcements', menu: 'project', inMenu: true, title: 'Announcements', icon: 'megaphone', labelField: 'title', sort: ['title', 'publishAt', 'created'] });
    expect(DECLARED_SCREENS).toEqual([]);
  });
});

describe('the declared screen', () => {
  it('lists the records with their formats, and searches and sorts on the server', async () => {
    const { lists, user } = renderAs('owner');
    expect(await screen.findByText('2 announcements found', {}, { timeout: 4000 })).toBeTruthy();
    expect(bodyText()).toContain('Summer sale');
    expect(bodyText()).toContain('07/01/2026');
    expect(screen.getAllByText('published').length).toBeGreaterThan(0);
    expect(lists()[0].query).toEqual({ page: '1', limit: '10' });

    await user.type(screen.getByLabelText('Search by Title'), 'winter');
    await waitFor(() => expect(bodyText()).not.toContain('Summer sale'), { timeout: 2000 });
    expect(lists().at(-1)?.query.search).toBe('winter');
    await user.clear(screen.getByLabelText('Search by Title'));
    await waitFor(() => expect(bodyText()).toContain('Summer sale'), { timeout: 2000 });

    const header = (field: string) => document.querySelector(`.ag-header-cell[col-id="${field}"] .ag-header-cell-label`) as HTMLElement;
    await user.click(header('title'));
    await waitFor(() => expect(lists().at(-1)?.query.sort).toBe('title'));
    await user.click(header('title'));
    await waitFor(() => expect(lists().at(-1)?.query.sort).toBe('-title'));
    const before = lists().length;
    await user.click(header('body'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lists().length).toBe(before);
  });

  it('starts with the first five columns, the others under Columns', async () => {
    renderAs('viewer');
    await screen.findByText('Summer sale', {}, { timeout: 4000 });
    const headers = Array.from(document.querySelectorAll('.ag-header-cell[col-id]'), (cell) => cell.getAttribute('col-id'));
    expect(headers.filter((field) => field !== 'actions')).toEqual(['title', 'body', 'status', 'publishAt', 'widgetId']);
  });

  it('shows a relation by the related record\'s name, in the list and the details', async () => {
    const { user, roleKnown } = renderAs('viewer');
    await waitFor(() => expect(bodyText()).toContain('Pricing table'), { timeout: 4000 });
    expect(bodyText()).not.toContain('w1');
    await roleKnown();
    await user.click(await screen.findByRole('button', { name: 'Details Summer sale' }));
    await waitFor(() => expect(document.querySelector('dd[data-field="widgetId"]')?.textContent).toBe('Pricing table'));
  });

  it('opens a record\'s details from its row', async () => {
    const { user, roleKnown } = renderAs('viewer');
    await screen.findByText('Summer sale', {}, { timeout: 4000 });
    await roleKnown();
    await user.click(await screen.findByRole('button', { name: 'Details Summer sale' }));
    expect((await screen.findByRole('heading', { level: 1, name: 'Summer sale' })).textContent).toBe('Summer sale');
    const shown = (field: string) => document.querySelector(`dd[data-field="${field}"]`)?.textContent;
    expect([shown('id'), shown('body'), shown('status'), shown('publishAt')]).toEqual(['a1', 'Half price', 'published', '07/01/2026']);
    await user.click(screen.getByRole('link', { name: 'Back to Announcements' }));
    expect(await screen.findByText('2 announcements found')).toBeTruthy();
  });

  it('creates from the input schema: the status enum as a select, the publish date as a date picker, the widget picked from the project\'s', async () => {
    const { sent, user, roleKnown } = renderAs('editor');
    await roleKnown();
    await user.click(await screen.findByRole('button', { name: '+ Add announcement' }, { timeout: 4000 }));
    const dialog = await screen.findByRole('dialog');
    const status = within(dialog).getByRole('combobox', { name: /Status/ }) as HTMLSelectElement;
    expect(Array.from(status.options, (option) => option.textContent).filter((text) => text !== '')).toEqual(['draft', 'published', 'archived']);
    expect(status.selectedOptions[0]?.textContent).toBe('draft');
    expect((within(dialog).getByLabelText(/Publish at/) as HTMLInputElement).type).toBe('datetime-local');
    // The body may hold 5000 characters: a box of lines; the title's 120 stay one line.
    expect([within(dialog).getByLabelText(/Text/).tagName, within(dialog).getByLabelText(/Title/).tagName]).toEqual(['TEXTAREA', 'INPUT']);
    await user.type(within(dialog).getByLabelText(/Title/), 'Autumn news');
    await user.selectOptions(status, 'published');
    await user.type(await within(dialog).findByLabelText(/Search Widget/), 'contact');
    const widget = within(dialog).getByRole('combobox', { name: /^Widget/ }) as HTMLSelectElement;
    await waitFor(() => expect(Array.from(widget.options, (option) => option.textContent)).toEqual(['Choose one (1 shown)', 'Contact form']));
    await user.selectOptions(widget, 'w2');
    await user.click(within(dialog).getByRole('button', { name: 'Create announcement' }));
    await waitFor(() => expect(sent.find((call) => call.method === 'POST')).toMatchObject({ path: LIST, body: { title: 'Autumn news', status: 'published', widgetId: 'w2' } }));
  });

  it('keeps the chosen widget\'s name in the picker while a new search runs', async () => {
    const widgetsHeld: WidgetsHeld = {};
    // No records: the list has asked for no widget names the picker could fall back on.
    const { sent, user, roleKnown } = renderAs('editor', { widgetsHeld, stored: [] });
    await roleKnown();
    await user.click(await screen.findByRole('button', { name: '+ Add announcement' }, { timeout: 4000 }));
    const dialog = await screen.findByRole('dialog');
    const widget = (await within(dialog).findByRole('combobox', { name: /^Widget/ })) as HTMLSelectElement;
    await waitFor(() => expect(Array.from(widget.options, (option) => option.textContent)).toContain('Contact form'));
    await user.selectOptions(widget, 'w2');
    let release = () => {};
    widgetsHeld.until = new Promise<void>((resolve) => (release = resolve));
    await user.type(within(dialog).getByLabelText(/Search Widget/), 'pri');
    await waitFor(() => expect(sent.some((call) => call.path === '/api/project/site/component' && call.query.search === 'pri')).toBe(true));
    expect(widget.selectedOptions[0]?.textContent).toBe('Contact form');
    release();
    await waitFor(() => expect(Array.from(widget.options, (option) => option.textContent)).toEqual(['Choose one (1 shown)', 'Contact form', 'Pricing table']));
  });

  it('edits a record with its writable fields only', async () => {
    const { sent, user, roleKnown } = renderAs('editor');
    await screen.findByText('Summer sale', {}, { timeout: 4000 });
    await roleKnown();
    await user.click(await screen.findByRole('button', { name: 'Edit Summer sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit announcement' });
    const body = within(dialog).getByLabelText(/Text/);
    expect((within(dialog).getByLabelText(/Title/) as HTMLInputElement).value).toBe('Summer sale');
    await user.clear(body);
    await user.type(body, 'Two for one');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH', path: `${LIST}/a1`, query: {},
      body: { title: 'Summer sale', body: 'Two for one', status: 'published', publishAt: '2026-07-01T09:00:00.000Z', widgetId: 'w1' },
    }));
  });

  it('deletes only after the confirmation', async () => {
    const { sent, user, roleKnown } = renderAs('admin');
    await screen.findByText('Summer sale', {}, { timeout: 4000 });
    await roleKnown();
    await user.click(await screen.findByRole('button', { name: 'Delete Summer sale' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete Summer sale? This cannot be undone.');
    expect(sent.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent.find((call) => call.method === 'DELETE')?.path).toBe(`${LIST}/a1`));
    await waitFor(() => expect(bodyText()).not.toContain('Summer sale'));
  });

  it.each<[ProjectRole, { create: boolean; edit: boolean; remove: boolean }]>([
    ['viewer', { create: false, edit: false, remove: false }],
    ['editor', { create: true, edit: true, remove: false }],
    ['admin', { create: true, edit: true, remove: true }],
  ])('shows a %s only the actions the declared roles allow', async (role, shown) => {
    const { roleKnown } = renderAs(role);
    await screen.findByText('Summer sale', {}, { timeout: 4000 });
    await roleKnown();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Summer sale' }) !== null).toBe(shown.edit));
    expect(screen.queryByRole('button', { name: '+ Add announcement' }) !== null).toBe(shown.create);
    expect(screen.queryByRole('button', { name: 'Delete Summer sale' }) !== null).toBe(shown.remove);
  });
});

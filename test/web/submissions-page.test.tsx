/** @jest-environment ./test/web/jsdom-fetch-environment.ts */
// The owner's submissions screen of a form widget (issue 38), through the generated client
// against a fake server answering as server/handlers/workspace/widget-submissions.ts does: rows
// drawn from the WidgetSubmission schema (values as "Label: value; ..."), delete with a confirm,
// the CSV export link, the empty state and the "not permitted" state of a 403.
import { screen, waitFor, within } from '@testing-library/react';
import { client } from '../../generated/client/client.gen';
import type { WidgetSubmission } from '../../generated/client/types.gen';
import { PROJECT_TEXTS } from '../../web/src/pages/workspace/projects/plan-limit';
import SubmissionsPage from '../../web/src/pages/workspace/submissions/SubmissionsPage';
import { inApp } from './in-app';

type Sent = { method: string; path: string; query: Record<string, string> };

const GUID = 'w1';
const LIST = `/api/v1/plugin/${GUID}/submissions`;
const STORED: WidgetSubmission[] = [
  { id: 's2', widgetId: GUID, createdAt: '2026-06-02T09:30:00.000Z', values: { Name: 'Ada Lovelace', Email: 'ada@example.com', 'Keep me posted': true }, consent: true, page: 'https://shop.example.com/contact' },
  { id: 's1', widgetId: GUID, createdAt: '2026-06-01T08:00:00.000Z', values: { Name: 'Bo', Email: 'bo@example.com', 'Keep me posted': false } },
];

const answer = (status: number, data: unknown, message = 'Done') => new Response(JSON.stringify({ success: status < 400, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

function fakeServer({ stored = STORED, listStatus = 200, type = 'contact-form' }: { stored?: WidgetSubmission[]; listStatus?: number; type?: string } = {}) {
  const sent: Sent[] = [];
  let rows = [...stored];
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    sent.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (url.pathname === `/api/v1/plugin/${GUID}`) {
      return answer(200, { guid: GUID, name: 'Newsletter form', type, projectId: 'p1', views: 0, created: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z', role: 'owner' });
    }
    if (url.pathname === LIST && request.method === 'GET') {
      if (listStatus === 403) return answer(403, undefined, 'Not authorized');
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      return answer(200, { docs: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, pages: Math.ceil(rows.length / limit), limit });
    }
    if (url.pathname.startsWith(`${LIST}/`) && request.method === 'DELETE') {
      rows = rows.filter((row) => row.id !== url.pathname.slice(LIST.length + 1));
      return answer(200, { received: true }, 'Submission deleted');
    }
    return answer(404, undefined, 'Not found');
  };
  return { sent, fetch };
}

function renderPage(options: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer(options);
  client.setConfig({ baseUrl: 'http://localhost', fetch: server.fetch });
  const user = inApp(<SubmissionsPage />, { path: '/user/dashboard/submissions/:componentId', at: `/user/dashboard/submissions/${GUID}` });
  return { ...server, user };
}

/** Each grid row's text by its index (AG Grid draws the pinned buttons in a row of their own). */
const rowsText = (): string[] => {
  const rows = new Map<string, string>();
  for (const row of document.querySelectorAll('.ag-row[row-index]')) {
    const index = row.getAttribute('row-index') ?? '';
    rows.set(index, `${rows.get(index) ?? ''}${row.textContent ?? ''}`);
  }
  return [...rows.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, text]) => text);
};

describe('the submissions screen', () => {
  it('names the widget and draws each submission from the schema, newest first, the values as labels and values', async () => {
    const { sent } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Submissions: Newsletter form' }, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(rowsText()).toHaveLength(2), { timeout: 4000 });
    expect(rowsText()[0]).toContain('Name: Ada Lovelace; Email: ada@example.com; Keep me posted: Yes');
    expect(rowsText()[0]).toContain('https://shop.example.com/contact');
    expect(rowsText()[1]).toContain('Name: Bo; Email: bo@example.com; Keep me posted: No');
    const headers = Array.from(document.querySelectorAll('.ag-header-cell[col-id]'), (cell) => cell.getAttribute('col-id')).filter((field) => field !== 'actions');
    // x-ui: order createdAt, values, page; consent kept under Columns; ids never listed.
    expect(headers).toEqual(['createdAt', 'values', 'page']);
    expect(screen.getByText('2 Submissions')).toBeTruthy();
    expect(sent.filter((call) => call.path === LIST).at(-1)?.query).toEqual({ page: '1', limit: '20' });
  });

  it('deletes a submission after the confirm, and the list no longer shows it', async () => {
    const { sent, user } = renderPage();
    await waitFor(() => expect(rowsText()).toHaveLength(2), { timeout: 4000 });
    await user.click(screen.getByRole('button', { name: 'Delete submission of 06/01/2026 08:00:00 UTC' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this submission? This cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowsText()).toHaveLength(1), { timeout: 4000 });
    expect(rowsText()[0]).toContain('Ada Lovelace');
    expect(sent.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`${LIST}/s1`]);
  });

  it('offers the CSV export as a download of the export call', async () => {
    renderPage();
    const link = await screen.findByRole('link', { name: 'Export CSV' }, { timeout: 4000 });
    expect(link.getAttribute('href')).toBe(`${LIST}/export`);
    expect(link.getAttribute('download')).toBe('Newsletter form-submissions.csv');
  });

  it('says there are no submissions yet and offers the installation code', async () => {
    const { user } = renderPage({ stored: [] });
    expect(await screen.findByRole('heading', { name: 'No submissions yet' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText(/Add the form to a page of your site/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add to site' }));
    expect(await screen.findByRole('dialog', { name: 'Add Newsletter form to your site' })).toBeTruthy();
  });

  it('shows the not permitted state when the server refuses the submissions (403)', async () => {
    renderPage({ listStatus: 403 });
    expect(await screen.findByText(PROJECT_TEXTS.notPermitted, {}, { timeout: 4000 })).toBeTruthy();
    expect(document.querySelector('.ag-row')).toBeNull();
  });

  it('says a widget that is no form collects no submissions, and asks for none', async () => {
    const { sent } = renderPage({ type: 'poll' });
    expect(await screen.findByText(/only contact forms and email captures do/, {}, { timeout: 4000 })).toBeTruthy();
    expect(sent.some((call) => call.path === LIST)).toBe(false);
  });
});

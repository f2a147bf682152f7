/** @jest-environment ./test/web/jsdom-environment.ts */
// The Documents tab's Import and Export: the file goes as the body with its media type, the
// upload's progress shows, then the per-row report; the export links name the format.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DocumentImport } from '../../generated/client/types.gen';
import { ImportExport } from '../../web/src/pages/developer/database/documents/ImportExport';

// The import's status as the server answers it after the upload; the polling itself is TanStack Query's.
const FINISHED: DocumentImport = {
  id: 'imp-1',
  collection: 'products',
  format: 'csv',
  status: 'finished',
  size: 12,
  bytesRead: 12,
  imported: 1,
  failed: 1,
  complete: true,
  created: '2026-11-26T00:00:00.000Z',
  updated: '2026-11-26T00:00:01.000Z',
  errors: [{ row: 2, fieldErrors: { title: 'Title is required' } }],
};
const followed: Array<string | null> = [];
jest.mock('../../web/src/pages/developer/database/documents/use-imports', () => ({
  useImport: ({ importId }: { importId: string | null }) => {
    followed.push(importId);
    return importId === 'imp-1' ? { job: FINISHED, message: 'Imported 1 document; 1 row failed' } : {};
  },
  useOpenImport: () => undefined,
}));

class FakeXhr {
  static last?: FakeXhr;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  status = 0;
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  url = '';
  body?: unknown;
  onload?: () => void;
  onerror?: () => void;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
}

const original = window.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.last = undefined;
  window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  window.XMLHttpRequest = original;
});

const renderIt = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ImportExport appId="app-1" name="products" />
    </QueryClientProvider>,
  );

it('sends a CSV with its media type, shows the upload progress, then follows the queued import to its failed rows', async () => {
  renderIt();
  const file = new File(['title\nLamp\n\n'], 'products.csv', { type: 'text/csv' });
  await userEvent.setup().upload(screen.getByLabelText('File to import'), file);
  const xhr = FakeXhr.last as FakeXhr;
  expect(xhr.url).toBe('/integrations/developer/apps/app-1/db/collection/products/document/import');
  expect(xhr.headers['Content-Type']).toBe('text/csv');
  expect(xhr.body).toBe(file);
  act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 }));
  expect((screen.getByLabelText('Upload progress') as HTMLProgressElement).value).toBe(0.3);
  await act(async () => {
    Object.assign(xhr, {
      status: 202,
      response: { success: true, message: 'Import queued', data: { ...FINISHED, status: 'queued', bytesRead: 0, imported: 0, failed: 0, errors: [] } },
    });
    xhr.onload?.();
  });
  expect(followed).toContain('imp-1');
  expect(screen.getByRole('status').textContent).toBe('Imported 1 document; 1 row failed');
  const row = screen.getAllByRole('row')[1];
  expect(within(row).getByText('2')).toBeTruthy();
  expect(row.textContent).toContain('title: Title is required');
});

it('sends nothing for a file it cannot read', async () => {
  renderIt();
  await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('File to import'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
  expect(FakeXhr.last).toBeUndefined();
});

it.each(['csv', 'json'])('links the %s export', (format) => {
  renderIt();
  expect(screen.getByText(`Export ${format.toUpperCase()}`).getAttribute('href')).toBe(`/integrations/developer/apps/app-1/db/collection/products/document/export?format=${format}`);
});

/** @jest-environment ./test/web/jsdom-environment.ts */
// The Documents tab's Import and Export: the file goes as the body with its media type, the
// upload's progress shows, then the per-row report; the export links name the format.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ImportExport } from '../../web/src/pages/developer/database/documents/ImportExport';

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

it('sends a CSV with its media type, shows the upload progress, then the rows that failed', async () => {
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
      status: 200,
      response: { success: true, message: 'Imported 1 document; 1 row failed', data: { imported: 1, failed: 1, complete: true, errors: [{ row: 2, fieldErrors: { title: 'Title is required' } }] } },
    });
    xhr.onload?.();
  });
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

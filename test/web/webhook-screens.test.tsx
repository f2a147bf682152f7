/** @jest-environment ./test/web/jsdom-environment.ts */
// The webhooks screens follow the document: a property added to Webhook and WebhookCreateInput
// shows as a column and in the Add form, which sends it; the https rule shows as the user types;
// the messages page shows the webhook's record as Webhook declares it, and its messages list and
// a message's record view show what WebhookRequest declares.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import WebhooksPage from '../../web/src/pages/developer/webhooks/WebhooksPage';
import WebhookMessagesPage from '../../web/src/pages/developer/webhooks/WebhookMessagesPage';
import { createWebhook, getWebhook, getWebhookRequestMessage, getWebhookSecret, listWebhookRequests, listWebhooks } from '../../generated/client/sdk.gen';
import { schemaNamed } from '../helpers/schema-entries';

jest.mock('../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../generated/client/sdk.gen'),
  createWebhook: jest.fn(),
  getWebhook: jest.fn(),
  getWebhookRequestMessage: jest.fn(),
  getWebhookSecret: jest.fn(),
  listWebhookRequests: jest.fn(),
  listWebhooks: jest.fn(),
}));

const PROBE = { type: 'string', title: 'Probe note' } as const;
const PROBED = ['Webhook', 'WebhookCreateInput', 'WebhookRequest'];
const propertiesOf = (name: string) => schemaNamed(name).properties;

const hook = { id: 'w1', appId: 'app-1', url: 'https://hooks.example.com/in', status: 'active', created: '2026-11-28T10:00:00Z', probeNote: 'hook probe' };
const request = {
  id: 'r1', appId: 'app-1', webhookId: 'w1', eventId: 'msg_1', type: 'app.installed', status: 'succeeded', created: '2026-11-28T10:00:00Z',
  attempt: 1, durationMs: 80, response: { statusCode: 200, status: 'OK' }, probeNote: 'request probe',
};
const answer = (data: unknown, message = '') => async () => ({ data: { success: true, message, data } });

beforeAll(() => {
  for (const name of PROBED) propertiesOf(name).probeNote = PROBE;
});
afterAll(() => {
  for (const name of PROBED) delete propertiesOf(name).probeNote;
});

function renderAt(entry: string) {
  jest.mocked(listWebhooks).mockImplementation(answer([hook]) as unknown as typeof listWebhooks);
  jest.mocked(createWebhook).mockImplementation(answer(hook, 'Webhook created successfully') as unknown as typeof createWebhook);
  jest.mocked(getWebhook).mockImplementation(answer(hook) as unknown as typeof getWebhook);
  jest.mocked(getWebhookSecret).mockImplementation(answer({ secret: 'whsec_x' }) as unknown as typeof getWebhookSecret);
  jest.mocked(listWebhookRequests).mockImplementation(answer({ docs: [request], total: 1, page: 1, pages: 1, limit: 10 }) as unknown as typeof listWebhookRequests);
  jest.mocked(getWebhookRequestMessage).mockImplementation(
    answer({ id: 'r1', type: 'app.installed', request: { url: hook.url, headers: {}, body: '{"a":1}' }, response: { statusCode: 200, status: 'OK', body: '' } }) as unknown as typeof getWebhookRequestMessage,
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/developer/apps/:appId/webhooks" element={<WebhooksPage />} />
          <Route path="/developer/apps/:appId/webhooks/webhook/:webhookId" element={<WebhookMessagesPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the webhooks list', () => {
  it('shows an added property as a column, and the Add form shows and sends it', async () => {
    const clicks = renderAt('/developer/apps/app-1/webhooks');
    expect(await screen.findByText('hook probe', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Probe note' })).toBeTruthy();

    await clicks.click(screen.getByRole('button', { name: '+ Add webhook' }));
    const dialog = await screen.findByRole('dialog');
    await clicks.type(within(dialog).getByLabelText(/^URL/), 'http://example.com/in');
    expect(within(dialog).getByText('Invalid URL, must start with https://')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);

    await clicks.clear(within(dialog).getByLabelText(/^URL/));
    await clicks.type(within(dialog).getByLabelText(/^URL/), ' https://example.com/in ');
    await clicks.type(within(dialog).getByLabelText(/^Probe note/), 'typed probe');
    await clicks.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(createWebhook).toHaveBeenCalledTimes(1));
    expect(jest.mocked(createWebhook).mock.calls[0][0].body).toEqual({ url: 'https://example.com/in', probeNote: 'typed probe' });
  });
});

describe('the webhook messages page', () => {
  it("shows the webhook's own record above the messages, an added property included", async () => {
    renderAt('/developer/apps/app-1/webhooks/webhook/w1');
    const details = await screen.findByRole('region', { name: 'Webhook details' }, { timeout: 4000 });
    expect(within(details).getByText('Probe note')).toBeTruthy();
    expect(within(details).getByText('hook probe')).toBeTruthy();
    expect(within(details).getByText('URL')).toBeTruthy();
    expect(within(details).getByText(hook.url)).toBeTruthy();
    expect(within(details).queryByText(hook.id)).toBeNull();
  });

  it('shows an added property in the messages list and in the message viewer', async () => {
    const clicks = renderAt('/developer/apps/app-1/webhooks/webhook/w1');
    const list = await screen.findByRole('region', { name: 'Messages' });
    const row = await within(list).findByRole('button', { name: /app\.installed/ }, { timeout: 4000 });
    expect(within(row).getByText('request probe')).toBeTruthy();

    await clicks.click(row);
    const detail = await screen.findByRole('region', { name: 'Message detail' });
    expect(within(detail).getByText('Probe note')).toBeTruthy();
    expect(within(detail).getByText('request probe')).toBeTruthy();
    expect(within(detail).getByTestId('status-code').textContent).toBe('200');
  });
});

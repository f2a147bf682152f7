/** @jest-environment ./test/web/jsdom-environment.ts */
// Spec 000 section 9: loading indicators linger 600 ms, so a fast answer does not flash.
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { queryClient } from '../../web/src/api';
import WebhooksPage from '../../web/src/pages/developer/webhooks/WebhooksPage';
import { TEXTS } from '../../web/src/pages/developer/texts';
import { listWebhooks } from '../../generated/client/sdk.gen';

jest.mock('../../generated/client/sdk.gen', () => ({ ...jest.requireActual('../../generated/client/sdk.gen'), listWebhooks: jest.fn() }));

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('shows a loading indicator while the webhooks load and keeps it 600 ms after they arrive', async () => {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => { answer = resolve; });
  // Only the envelope is read by the page; the generated type also wants request and response.
  const reply = () => answered.then(() => ({ data: { success: true, data: [], message: '' } }));
  jest.mocked(listWebhooks).mockImplementation(reply as unknown as typeof listWebhooks);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/developer/apps/app-1/webhooks']}>
        <Routes><Route path="/developer/apps/:appId/webhooks" element={<WebhooksPage />} /></Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // The table's loading state (its overlay, and Refresh disabled) lingers like every indicator.
  const refresh = await screen.findByRole('button', { name: 'Refresh' });
  expect(refresh).toHaveProperty('disabled', true);

  await act(async () => {
    answer();
    await wait(200);
  });
  expect(refresh).toHaveProperty('disabled', true);

  await act(() => wait(600));
  expect(await screen.findByText(TEXTS.noWebhooks)).toBeTruthy();
  expect(refresh).toHaveProperty('disabled', false);
});

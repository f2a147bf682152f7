/** @jest-environment ./test/web/jsdom-fetch-environment.ts */
// The screens that mail someone show the server's per-address limit in its own words (issue 27
// item 2): the signup and forgot-password forms under the form, "Send it again" on the Profile tab
// as a toast. The 429 bodies are the server's own (its error mapping of its own refusals).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { client } from '../../generated/client/client.gen';
import type { AccountUser } from '../../generated/client/types.gen';
import { toErrorReply } from '../../server/http/errors';
import { ADDRESS_MAIL_REFUSALS } from '../../server/services/accounts/limits';
import { tooMany } from '../../server/services/accounts/rate-limit';
import SignupPage from '../../web/src/pages/auth/SignupPage';
import ForgotPage from '../../web/src/pages/auth/ForgotPage';
import { ProfileTab } from '../../web/src/pages/dashboard/ProfileTab';

/** The reply the server sends when the address's limit of this kind is full. */
function refusedBy(kind: keyof typeof ADDRESS_MAIL_REFUSALS): { path: string; reply: ReturnType<typeof toErrorReply> } {
  const path = { signup: '/api/user/register', reset: '/api/user/forgotPassword', confirm: '/api/user/emailConfirmation' }[kind];
  return { path, reply: toErrorReply(tooMany({ what: ADDRESS_MAIL_REFUSALS[kind], seconds: 3600 })) };
}

function serve({ path, reply }: ReturnType<typeof refusedBy>): void {
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input);
    if (new URL(request.url).pathname === path && request.method === 'POST') {
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json', ...reply.headers } });
    }
    return new Response(JSON.stringify({ success: false, data: null, message: 'Not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
  };
  client.setConfig({ baseUrl: 'http://localhost', fetch });
}

function renderPage(page: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const UNCONFIRMED: AccountUser = {
  id: 'u1',
  email: 'ann@example.com',
  fullName: 'Ann Example',
  isConfirmed: false,
  isSubscribe: true,
  subscribed: true,
  isDeveloper: false,
  mfaEnabled: false,
  hasPassword: true,
  created: '2026-11-01T09:00:00.000Z',
};

describe('a full per-address mail limit on screen', () => {
  it('shows the signup refusal under the form', async () => {
    const refused = refusedBy('signup');
    serve(refused);
    const user = renderPage(<SignupPage />);
    await user.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Full name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many sign-ups from your network. Please try again in 60 minutes.');
    expect(refused.reply.body.message).toBe('Too many sign-ups from your network. Please try again in 60 minutes.');
  });

  it('shows the forgot-password refusal under the form, not "Check your inbox"', async () => {
    serve(refusedBy('reset'));
    const user = renderPage(<ForgotPage />);
    await user.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many password reset requests from your network. Please try again in 60 minutes.');
    expect(screen.queryByText('Check your inbox')).toBeNull();
  });

  it('shows the refusal of "Send it again" as a toast', async () => {
    serve(refusedBy('confirm'));
    const shown = jest.spyOn(toast, 'error');
    const user = renderPage(<ProfileTab user={UNCONFIRMED} />);
    await user.click(await screen.findByRole('button', { name: 'Send it again' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Too many confirmation emails requested from your network. Please try again in 60 minutes.'));
  });
});

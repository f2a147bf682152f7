/** @jest-environment ./test/web/jsdom-environment.ts */
// The toast host mounts sonner's Toaster only once some code has loaded sonner (in the web build,
// every import of 'sonner' goes through sonner-bridge.ts), and the toast raised then still shows.
import { act, render, screen } from '@testing-library/react';
import { Toasts } from '../../web/src/components/Toasts';

it('mounts no toaster while nothing has loaded sonner, then shows the toast raised as it loads', async () => {
  render(<Toasts />);
  // Past the 2 s that the host used to wait for the browser to be idle before loading sonner anyway.
  await act(() => new Promise((resolve) => setTimeout(resolve, 2100)));
  expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();

  const { toast } = await act(() => import('../../web/src/components/sonner-bridge'));
  toast.success('App created');
  expect(await screen.findByText('App created')).toBeTruthy();
});

it.each([
  ['an empty', ''],
  ['a blank', '   '],
  ['no', undefined],
])('shows no toast for %s message, of any kind', async (kind, message) => {
  const { toast, NO_TOAST } = await import('../../web/src/components/sonner-bridge');
  render(<Toasts />);
  await screen.findByRole('region', { name: /Notifications/ });
  for (const show of [toast, toast.success, toast.error, toast.info, toast.warning, toast.message, toast.loading]) expect(show(message)).toBe(NO_TOAST);
  toast.success(`Saved after ${kind} message`);
  expect(await screen.findByText(`Saved after ${kind} message`)).toBeTruthy();
  // Sonner keeps its toasts across tests: none of them may be without words.
  expect([...document.querySelectorAll('[data-sonner-toast] [data-title]')].map((title) => title.textContent?.trim())).not.toContain('');
});

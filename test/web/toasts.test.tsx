/** @jest-environment ./test/web/jsdom-environment.ts */
// The toast host loads sonner when the browser is idle: a toast raised before then still shows.
import { render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { Toasts } from '../../web/src/components/Toasts';

it('shows a toast raised before the host has loaded its toaster', async () => {
  render(<Toasts />);
  expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
  toast.success('App created');
  expect(await screen.findByText('App created')).toBeTruthy();
});

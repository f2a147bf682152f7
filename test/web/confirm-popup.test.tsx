/** @jest-environment ./test/web/jsdom-environment.ts */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmPopup } from '../../web/src/components/ConfirmPopup';
import { ApiError } from '../../forms/server-errors';

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const renderPopup = (onConfirm: () => Promise<unknown>, onCancel = jest.fn()) => {
  render(<ConfirmPopup open title="Delete app" text="This cannot be undone." confirmText="Delete" danger onConfirm={onConfirm} onCancel={onCancel} />);
  return { onCancel, user: userEvent.setup() };
};

describe('ConfirmPopup', () => {
  it('is a labelled modal dialog that starts on the safe choice', () => {
    renderPopup(async () => undefined);
    const dialog = screen.getByRole('dialog', { name: 'Delete app' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('disables both choices while the action runs', async () => {
    const action = deferred();
    const { user } = renderPopup(() => action.promise);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    action.resolve();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('shows why the action failed and stays open', async () => {
    const { user } = renderPopup(async () => {
      throw new ApiError({ message: 'Could not delete plugin' });
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not delete plugin');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('cancels on Escape', async () => {
    const { onCancel, user } = renderPopup(async () => undefined);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

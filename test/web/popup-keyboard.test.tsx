/** @jest-environment ./test/web/jsdom-environment.ts */
// The shared popup (Modal) and the phone drawer (AppFrame) by keyboard: focus moves in, Tab and
// Shift+Tab wrap inside, Escape closes, and focus goes back to what opened them.
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Modal } from '../../web/src/components/Modal';
import { AppFrame } from '../../web/src/layouts/AppFrame';

function PopupPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open popup
      </button>
      <Modal open={open} title="Rename" onClose={() => setOpen(false)} footer={<button type="button">Save</button>}>
        <label>
          Name <input />
        </label>
      </Modal>
    </>
  );
}

const inDialog = () => screen.getByRole('dialog').contains(document.activeElement);

describe('Modal by keyboard', () => {
  it('moves focus to its first field, keeps Tab inside both ways, and closes on Escape back to its opener', async () => {
    const user = userEvent.setup();
    render(<PopupPage />);
    const opener = screen.getByRole('button', { name: 'Open popup' });
    await user.click(opener);
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(inDialog()).toBe(true);
    }
    for (let i = 0; i < 5; i += 1) {
      await user.tab({ shift: true });
      expect(inDialog()).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

function Frame() {
  return (
    <MemoryRouter initialEntries={['/a']}>
      <AppFrame brand={<span>Brand</span>} sidebar={<nav aria-label="Side"><a href="/a">First</a><a href="/b">Second</a></nav>}>
        <h1>Page</h1>
      </AppFrame>
    </MemoryRouter>
  );
}

describe('AppFrame drawer by keyboard', () => {
  it('opens from Menu with aria-expanded, keeps Tab inside, and closes on Escape back to Menu', async () => {
    const user = userEvent.setup();
    render(<Frame />);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'First' }));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'First' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Second' }));
    await user.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });
});

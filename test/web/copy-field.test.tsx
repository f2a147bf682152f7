/** @jest-environment ./test/web/jsdom-environment.ts */
import { act, render, screen, fireEvent } from '@testing-library/react';
import { CopyField } from '../../forms/components/CopyField';

const writeText = jest.fn<Promise<void>, [string]>();

beforeEach(() => {
  jest.useFakeTimers();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => jest.useRealTimers());

const clickCopy = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
  });
};

describe('CopyField', () => {
  it.each([
    ['the dashboard', 1000],
    ['other screens', 2000],
  ])('copies the value and confirms for as long as %s asks (%i ms)', async (_screen, confirmMs) => {
    render(<CopyField value="app_123" label="App ID" confirmMs={confirmMs} />);
    await clickCopy();
    expect(writeText).toHaveBeenCalledWith('app_123');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(confirmMs - 1));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('only warns in the console when the clipboard refuses', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    writeText.mockRejectedValue(new Error('denied'));
    render(<CopyField value="secret" />);
    await clickCopy();
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText('Copied!')).toBeNull();
    warn.mockRestore();
  });

  it('hides a secret until it is revealed', () => {
    render(<CopyField value="sk_live_1" label="App secret" secret />);
    const input = screen.getByLabelText('App secret') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(input.type).toBe('text');
  });
});

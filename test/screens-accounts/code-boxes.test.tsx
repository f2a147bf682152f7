/** @jest-environment ./test/web/jsdom-environment.ts */
// The two-factor popup's six boxes: numbers only, a paste must be six digits, and a full
// code is handed over at once (spec 003 "Two-factor popup").
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeBoxes, ONLY_NUMBERS, PASTE_SIX_DIGITS } from '../../web/src/pages/auth/CodeBoxes';

const boxes = (): HTMLInputElement[] => screen.getAllByRole('textbox') as HTMLInputElement[];

const paste = (text: string): void => {
  fireEvent.paste(boxes()[0], { clipboardData: { getData: () => text } });
};

describe('CodeBoxes', () => {
  it('submits the code once all six digits are typed, moving from box to box', async () => {
    const onComplete = jest.fn();
    render(<CodeBoxes onComplete={onComplete} />);
    await userEvent.type(boxes()[0], '123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('refuses a letter with "Only numbers are allowed" and keeps the box empty', async () => {
    const onComplete = jest.fn();
    render(<CodeBoxes onComplete={onComplete} />);
    await userEvent.type(boxes()[0], 'a');
    expect(screen.getByRole('alert').textContent).toBe(ONLY_NUMBERS);
    expect(boxes()[0].value).toBe('');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it.each([
    ['12345', PASTE_SIX_DIGITS],
    ['1234567', PASTE_SIX_DIGITS],
    ['12a456', ONLY_NUMBERS],
  ])('refuses the paste %s with "%s"', (text, message) => {
    const onComplete = jest.fn();
    render(<CodeBoxes onComplete={onComplete} />);
    paste(text);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('submits a pasted six-digit code, trimmed', () => {
    const onComplete = jest.fn();
    render(<CodeBoxes onComplete={onComplete} />);
    paste(' 654321\n');
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('shows a message from outside, such as the server refusing the code', () => {
    render(<CodeBoxes onComplete={jest.fn()} error="Could not verify token." />);
    expect(screen.getByRole('alert').textContent).toBe('Could not verify token.');
  });
});

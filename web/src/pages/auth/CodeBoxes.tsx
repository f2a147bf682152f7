// Six single-digit boxes for a TOTP code (spec 003 "Two-factor popup"): numbers only,
// a paste must be exactly six digits, and a full code is handed over at once.
import { useRef, useState } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';

export const CODE_LENGTH = 6;
export const ONLY_NUMBERS = 'Only numbers are allowed';
export const PASTE_SIX_DIGITS = 'Paste exactly six digits';

interface CodeBoxesProps {
  onComplete: (code: string) => void;
  disabled?: boolean;
  /** A message from outside (e.g. the server's), shown like the boxes' own. */
  error?: string;
}

const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

export function CodeBoxes({ onComplete, disabled, error }: CodeBoxesProps) {
  const [digits, setDigits] = useState(emptyCode);
  const [hint, setHint] = useState('');
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  const focus = (i: number): void => boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, i))]?.focus();

  const update = (next: string[]): void => {
    setDigits(next);
    if (next.every((d) => d !== '')) {
      onComplete(next.join(''));
      setDigits(emptyCode());
      focus(0);
    }
  };

  const type = (i: number, value: string): void => {
    const typed = value.slice(-1);
    if (typed === '') return update(digits.map((d, j) => (j === i ? '' : d)));
    if (!/^\d$/.test(typed)) return setHint(ONLY_NUMBERS);
    setHint('');
    update(digits.map((d, j) => (j === i ? typed : d)));
    focus(i + 1);
  };

  const keyDown = (i: number, event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Backspace' && digits[i] === '') focus(i - 1);
    if (event.key === 'ArrowLeft') focus(i - 1);
    if (event.key === 'ArrowRight') focus(i + 1);
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>): void => {
    event.preventDefault();
    const text = event.clipboardData.getData('text').trim();
    if (!/^\d*$/.test(text)) return setHint(ONLY_NUMBERS);
    if (text.length !== CODE_LENGTH) return setHint(PASTE_SIX_DIGITS);
    setHint('');
    update(text.split(''));
  };

  const message = hint || error;
  return (
    <div className="code-boxes">
      <div className="code-boxes__row" role="group" aria-label="Six-digit code">
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            className="code-boxes__box"
            value={digit}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${i + 1}`}
            aria-invalid={Boolean(message)}
            disabled={disabled}
            autoFocus={i === 0}
            onChange={(e) => type(i, e.target.value)}
            onKeyDown={(e) => keyDown(i, e)}
            onPaste={paste}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </div>
      {message ? (
        <p className="code-boxes__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}

// A value with a copy button. The confirmation lasts `confirmMs` (spec 000: 1 s on the
// dashboard, 2 s elsewhere); a clipboard failure is only warned in the console.
import { useEffect, useRef, useState } from 'react';
import './CopyField.css';

export const COPY_CONFIRM_MS = 2000;

export type CopyFieldProps = {
  value: string;
  label?: string;
  id?: string;
  confirmMs?: number;
  /** Hide the value behind dots until revealed (secrets). */
  secret?: boolean;
  copyText?: string;
  copiedText?: string;
};

export function CopyField({ value, label, id, confirmMs = COPY_CONFIRM_MS, secret = false, copyText = 'Copy', copiedText = 'Copied!' }: CopyFieldProps) {
  const [copied, setCopied] = useState(false);
  const [revealed, setRevealed] = useState(!secret);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch (error) {
      console.warn('Could not copy to the clipboard', error);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), confirmMs);
  };

  return (
    <div className="copy-field">
      <input
        id={id}
        className="copy-field__value"
        aria-label={label}
        readOnly
        type={revealed ? 'text' : 'password'}
        value={value}
        onFocus={(event) => event.currentTarget.select()}
      />
      {secret && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRevealed(!revealed)} aria-pressed={revealed}>
          {revealed ? 'Hide' : 'Reveal'}
        </button>
      )}
      <button type="button" className={`btn btn-secondary btn-sm${copied ? ' is-done' : ''}`} onClick={() => void copy()}>
        {copied ? copiedText : copyText}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {copied ? copiedText : ''}
      </span>
    </div>
  );
}

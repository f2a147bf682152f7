// A popup's footer: leave on the left, the main action on the right; both held while it runs.
import type { ReactNode } from 'react';

export interface ModalActionsProps {
  busy: boolean;
  onCancel: () => void;
  cancelText?: string;
  /** The main action's label; shown beside a spinner while busy unless busyText replaces it. */
  actionText: ReactNode;
  busyText?: ReactNode;
  onAction: () => unknown;
  /** Held for reasons other than running (nothing chosen yet, a form not ready). */
  disabled?: boolean;
  danger?: boolean;
}

export function ModalActions({ busy, onCancel, cancelText = 'Cancel', actionText, busyText, onAction, disabled = false, danger = false }: ModalActionsProps) {
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
        {cancelText}
      </button>
      <button type="button" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={() => void onAction()} disabled={busy || disabled} aria-busy={busy}>
        {busy && busyText === undefined && <span className="spinner spinner--sm" aria-hidden="true" />}
        {busy && busyText !== undefined ? busyText : actionText}
      </button>
    </>
  );
}

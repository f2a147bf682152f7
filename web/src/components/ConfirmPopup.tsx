// "Are you sure?" before a consequential action. Confirm shows a spinner while the action
// runs; a failure stays in the popup so the user can retry or cancel.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Modal } from './Modal';
import { ModalActions } from './ModalActions';
import { toFormFailure } from '../../../forms/server-errors';

export type ConfirmPopupProps = {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /** The action; may return a promise (the popup shows it pending, and its failure). */
  onConfirm: () => unknown;
  onCancel: () => void;
};

export function ConfirmPopup({ open, title, text, confirmText = 'Confirm', cancelText = 'Cancel', danger = false, onConfirm, onCancel }: ConfirmPopupProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  const confirm = async () => {
    setPending(true);
    setError(undefined);
    try {
      await onConfirm();
    } catch (thrown) {
      setError(toFormFailure(thrown).message);
    } finally {
      setPending(false);
    }
  };
  const cancel = () => {
    setError(undefined);
    onCancel();
  };

  return (
    <Modal
      open={open}
      title={title}
      onClose={cancel}
      size="sm"
      locked={pending}
      footer={<ModalActions busy={pending} onCancel={cancel} cancelText={cancelText} actionText={confirmText} danger={danger} onAction={confirm} />}
    >
      <div className="confirm-popup__text">{text}</div>
      {error && (
        <p className="alert alert-danger confirm-popup__error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

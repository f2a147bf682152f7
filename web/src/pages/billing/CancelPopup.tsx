// The cancellation popup: asks 'Are you sure you want to cancel this subscription?' and calls the
// source's cancel (one call at a time: the popup stays busy until it answers), or, for PayPal
// version 1 and below, links out to PayPal to manage the subscription.
import { useState } from 'react';
import { BILLING_FALLBACKS, BILLING_MESSAGES } from '../../../../rules/billing-messages';
import { Modal } from '../../components/Modal';
import { ModalActions } from '../../components/ModalActions';
import { billingError, billingSuccess } from './billing-toast';
import { cancelWay } from './cancel-by-source';
import type { Cancellable } from './cancel-by-source';

export function CancelPopup({ subscription, onClose, onCancelled }: { subscription: Cancellable; onClose: () => void; onCancelled: () => void }) {
  const [busy, setBusy] = useState(false);
  const way = cancelWay(subscription);
  const confirm = async () => {
    if (busy || way.kind !== 'call') return;
    setBusy(true);
    try {
      const answer = await way.run();
      billingSuccess(answer.message || BILLING_MESSAGES.cancelled);
      onCancelled();
    } catch (thrown) {
      billingError({ thrown, fallback: BILLING_FALLBACKS.cancelContactSupport });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title="Cancel subscription"
      size="sm"
      locked={busy}
      onClose={onClose}
      footer={
        way.kind === 'call' ? (
          <ModalActions busy={busy} onCancel={onClose} cancelText="Keep subscription" actionText="Cancel subscription" danger onAction={confirm} />
        ) : (
          <>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              Keep subscription
            </button>
            <a className="btn btn-danger" href={way.url} target="_blank" rel="noreferrer">
              Manage on PayPal
            </a>
          </>
        )
      }
    >
      <p>{way.kind === 'call' ? BILLING_MESSAGES.cancelConfirm : 'This subscription is managed on PayPal. Cancel it from your PayPal account.'}</p>
    </Modal>
  );
}

// Renew a cancelled subscription: cancelling forgot its card, so the renewal takes a new one
// through the hosted card fields (POST /nindo/api/renewSubscription/{id} with the token).
import { useState } from 'react';
import { renewSubscription } from '../../../../../generated/client/sdk.gen';
import type { BillingSubscription } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { BILLING_TOASTS } from '../../../../../rules/billing-messages';
import { money } from '../../../../../rules/format-money';
import { Modal } from '../../../components/Modal';
import { ModalActions } from '../../../components/ModalActions';
import { billingError, billingSuccess } from '../billing-toast';
import { useCardFields } from '../checkout/use-card-fields';
import { useCardToken } from '../checkout/use-card-token';
import '../checkout/checkout.css';

export function RenewPopup({ subscription, onClose, onRenewed }: { subscription: BillingSubscription; onClose: () => void; onRenewed: () => void }) {
  const card = useCardToken();
  const { frame, height, ready, tokenize } = useCardFields({ token: card.token });
  const [busy, setBusy] = useState(false);

  const renew = async () => {
    if (busy || !card.token) return;
    setBusy(true);
    try {
      await tokenize();
      const answer = await callApi(renewSubscription({ path: { subscriptionId: subscription.subscriptionId }, body: { token: card.token }, headers: { 'Idempotency-Key': `renew-${card.token}` } }));
      billingSuccess(answer.message);
      onRenewed();
    } catch (thrown) {
      billingError({ thrown, fallback: BILLING_TOASTS.createFailed });
      card.renew();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="Renew subscription"
      locked={busy}
      onClose={onClose}
      footer={<ModalActions busy={busy} onCancel={onClose} actionText={`Renew for ${money(subscription.plan.amount)}`} busyText="Processing" disabled={!ready} onAction={renew} />}
    >
      <p className="muted">
        {subscription.plan.name}, billed {subscription.plan.period === 'year' ? 'yearly' : 'monthly'}. Enter the card to pay with.
      </p>
      {card.fieldsUrl ? <iframe ref={frame} key={card.token} className="checkout__card-frame" style={{ height }} src={card.fieldsUrl} title="Card details" /> : <span className="spinner" aria-hidden="true" />}
    </Modal>
  );
}

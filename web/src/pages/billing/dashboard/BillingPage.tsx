// /user/dashboard/billing (spec 002 "Billing page"): Subscriptions and Payments History tabs.
// Change opens the pricing of the subscription's plan family, Cancel the cancellation popup of
// its source, Renew charges it again (POST /nindo/api/renewSubscription/{id}; a cancelled one
// with a new card, its own having been forgotten); each payment's
// invoice downloads as a PDF, or reads 'Not available.'.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { renewSubscription } from '../../../../../generated/client/sdk.gen';
import type { BillingSubscription, UserPaymentRow } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { BILLING_FALLBACKS } from '../../../../../rules/billing-messages';
import { ResourceList } from '../../../components/resource/ResourceList';
import { Tabs } from '../../../components/Tabs';
import { billingError, billingSuccess } from '../billing-toast';
import { CancelPopup } from '../CancelPopup';
import { RenewPopup } from './RenewPopup';
import { BILLING_PAGE_TEXTS, payments, subscriptionActionShown, subscriptions } from './resources';
import '../pricing/pricing.css';

const invoiceCell = (row: UserPaymentRow) =>
  row.invoiceUrl ? (
    <a href={row.invoiceUrl} download={`invoice-${row.transactionId}.pdf`} aria-label={`Download invoice ${row.transactionId}`}>
      Download
    </a>
  ) : (
    BILLING_PAGE_TEXTS.invoiceMissing
  );

// Both lists take no path parameters; one object keeps the tables' queries steady.
const NO_PATH = {};
// Each header reads whole with its sort arrow; the actions column holds the two buttons a row shows.
const SUBSCRIPTION_COLUMNS = { status: { minWidth: 100 }, 'plan.name': { minWidth: 130 }, 'plan.period': { minWidth: 155 }, 'plan.amount': { minWidth: 175 }, created: { minWidth: 160 } };
const PAYMENT_COLUMNS = { subscriptionId: { minWidth: 170 }, transactionId: { minWidth: 170 }, amount: { minWidth: 170 }, created: { minWidth: 165 } };

export default function BillingPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [cancelling, setCancelling] = useState<BillingSubscription | null>(null);
  const [renewing, setRenewing] = useState<string | null>(null);
  const [withCard, setWithCard] = useState<BillingSubscription | null>(null);
  const refresh = () => client.invalidateQueries();

  const renew = async (row: BillingSubscription) => {
    if (renewing) return;
    setRenewing(row.subscriptionId);
    try {
      const answer = await callApi(renewSubscription({ path: { subscriptionId: row.subscriptionId }, headers: { 'Idempotency-Key': crypto.randomUUID() } }));
      billingSuccess(answer.message);
      await refresh();
    } catch (thrown) {
      billingError({ thrown, fallback: BILLING_FALLBACKS.updatePlan });
    } finally {
      setRenewing(null);
    }
  };

  const onAction = (action: string, row: BillingSubscription) => {
    if (action === 'change') void navigate(`/user/dashboard/pricing/${encodeURIComponent(row.family)}`);
    if (action === 'cancel') setCancelling(row);
    // Cancelling forgot the card: a cancelled subscription renews with a new one.
    if (action === 'renew' && row.status === 'cancelled') setWithCard(row);
    else if (action === 'renew') void renew(row);
  };

  return (
    <section>
      <header className="page-header">
        <h1>Billing</h1>
        <p>Your subscriptions and payments history.</p>
      </header>
      <Tabs
        label="Billing"
        tabs={[
          { id: 'subscriptions', label: 'Subscriptions', content: <ResourceList description={subscriptions} path={NO_PATH} lead=" " onAction={onAction} actionShown={subscriptionActionShown} columnSizes={SUBSCRIPTION_COLUMNS} actionsTitleShown /> },
          { id: 'payments', label: 'Payments History', content: <ResourceList description={payments} path={NO_PATH} lead=" " renderCells={{ invoiceUrl: invoiceCell }} columnSizes={PAYMENT_COLUMNS} /> },
        ]}
      />
      {withCard ? <RenewPopup subscription={withCard} onClose={() => setWithCard(null)} onRenewed={() => void refresh().then(() => setWithCard(null))} /> : null}
      {cancelling ? <CancelPopup subscription={cancelling} onClose={() => setCancelling(null)} onCancelled={() => void refresh().then(() => setCancelling(null))} /> : null}
    </section>
  );
}

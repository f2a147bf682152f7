// One purchase attempt: the payment method is authorized first (the hosted card fields vault the
// card against its token; PayPal's popup approves a setup token), then the subscription is created
// under one idempotency key (a double submit is ignored; a retried request is the same request).
// A card that needs 3-D Secure answers with the challenge page; once the challenge is done the
// purchase is confirmed.
import { useRef, useState } from 'react';
import { confirmSubscription, createSubscription, createVendorSubscription } from '../../../../../generated/client/sdk.gen';
import type { BillingForm, BillingSubscriptionResult } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { BILLING_TOASTS } from '../../../../../rules/billing-messages';
import { billingError } from '../billing-toast';
import type { PricingRoute } from '../pricing/pricing-route';

export type PurchaseState = { kind: 'form' } | { kind: 'processing' } | { kind: 'challenge'; url: string; subscriptionId: string } | { kind: 'done' };

/** How the buyer pays: the source's path and what its authorization adds to the body. */
export type PaymentMethod = { source: 'bluesnap' | 'paypal'; authorize: () => Promise<{ token: string } | { subscriptionId: string }> };

export function usePurchase({ route, planId, variantId, miniBundleId, newToken }: {
  route: PricingRoute;
  planId: string;
  variantId: string;
  miniBundleId?: string;
  /** Fresh tokens for the next attempt (a token serves one attempt). */
  newToken: () => void;
}) {
  const [state, setState] = useState<PurchaseState>({ kind: 'form' });
  const running = useRef(false);
  const key = useRef('');

  const fail = (thrown: unknown) => {
    billingError({ thrown, fallback: BILLING_TOASTS.createFailed });
    setState({ kind: 'form' });
    running.current = false;
    newToken();
  };

  const submit = async ({ form, method }: { form: BillingForm; method: PaymentMethod }) => {
    if (running.current) return;
    running.current = true;
    key.current = crypto.randomUUID();
    setState({ kind: 'processing' });
    let authorized: Awaited<ReturnType<PaymentMethod['authorize']>>;
    try {
      authorized = await method.authorize();
    } catch (thrown) {
      fail(thrown);
      return;
    }
    const { source } = method;
    const body = { ...form, ...authorized, planId, subscriptionTypeId: variantId, ...(miniBundleId ? { miniBundleId } : {}) };
    const query = { serviceName: route.serviceName };
    const headers = { 'Idempotency-Key': key.current };
    try {
      const answer = await callApi<{ data: BillingSubscriptionResult }>(
        route.vendor
          ? createVendorSubscription({ path: { source, vendor: route.vendor }, query, body, headers })
          : createSubscription({ path: { source }, query, body, headers }),
      );
      const { actionUrl, subscription } = answer.data;
      setState(actionUrl ? { kind: 'challenge', url: actionUrl, subscriptionId: subscription.subscriptionId } : { kind: 'done' });
    } catch (thrown) {
      fail(thrown);
    }
  };

  const confirm = async () => {
    if (state.kind !== 'challenge') return;
    setState({ kind: 'processing' });
    try {
      await callApi(confirmSubscription({ path: { subscriptionId: state.subscriptionId }, headers: { 'Idempotency-Key': `${key.current}-confirm` } }));
      setState({ kind: 'done' });
    } catch (thrown) {
      fail(thrown);
    }
  };

  // A failed 3-D Secure challenge is only logged (section 8); the buyer may try again.
  const challengeFailed = () => {
    console.info('3-D Secure authentication failed');
    setState({ kind: 'form' });
    running.current = false;
    newToken();
  };

  return { state, submit, confirm, challengeFailed };
}

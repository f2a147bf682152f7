// The checkout stage of the pricing page (spec 002 sections 2, 4): the plan chosen with (See
// Other Plans), a skeleton until the card token and the checkout session load, then the hosted
// card fields (or PayPal, offered when the server has PayPal) and the billing form (SchemaForm on
// BillingForm). Submit reads Processing and ignores double submits; success shows Great Success,
// or in embed mode the checkout success page (which tells the parent frame).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { getCheckoutUrlMutation } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { BillingForm, PaymentPlan } from '../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { money } from '../../../../../rules/format-money';
import { BILLING_TOASTS } from '../../../../../rules/billing-messages';
import { periodOfVariantIndex } from '../../../../../rules/pricing-math';
import { billingError } from '../billing-toast';
import type { PricingRoute } from '../pricing/pricing-route';
import { PRICING_TEXTS } from '../pricing/pricing-texts';
import { trackFunnel } from '../pricing/track-funnel';
import { billingFormSchema, billingFormUiSchema, validateBillingForm } from './billing-form';
import { checkoutSuccessPath } from './checkout-success-path';
import { GreatSuccess } from './GreatSuccess';
import { ThreeDsPopup } from './ThreeDsPopup';
import { useCardFields } from './use-card-fields';
import { useCardToken } from './use-card-token';
import { usePayPal } from './use-paypal';
import { usePurchase } from './use-purchase';
import type { PaymentMethod } from './use-purchase';
import './checkout.css';
import { BillingFormSchema } from '../../../../../generated/schemas/BillingForm';

export function CheckoutStage({ route, plan, variantId, miniBundleId, onBack }: { route: PricingRoute; plan: PaymentPlan; variantId: string; miniBundleId?: string; onBack: () => void }) {
  const navigate = useNavigate();
  const index = Math.max(0, plan.pricingVariants.findIndex((variant) => variant.id === variantId));
  const variant = plan.pricingVariants[index];
  const { mutateAsync: startSession, data: started } = useMutation(getCheckoutUrlMutation());
  const card = useCardToken();
  const { frame, height, ready: fieldsReady, tokenize } = useCardFields({ token: card.token });
  const paypal = usePayPal();
  const [payWith, setPayWith] = useState<PaymentMethod['source']>('bluesnap');
  const byPayPal = payWith === 'paypal' && paypal.available;
  const purchase = usePurchase({ route, planId: plan.planId, variantId, miniBundleId, newToken: () => (card.renew(), paypal.renew()) });
  const method: PaymentMethod = byPayPal
    ? { source: 'paypal', authorize: async () => ({ subscriptionId: await paypal.approve() }) }
    : { source: 'bluesnap', authorize: async () => (await tokenize(), { token: card.token ?? '' }) };
  const sessionId = started?.data.sessionId;

  useEffect(() => {
    trackFunnel({ type: 'checkout-start', body: { serviceName: route.serviceName, planId: plan.planId, pricingVariantId: variantId } });
    // One checkout session per plan and variant chosen.
    startSession({ path: { componentType: route.planType }, body: { pricingVariantId: variantId } }).catch((thrown: unknown) => billingError({ thrown, fallback: BILLING_TOASTS.checkoutLoadFailed }));
  }, [startSession, route.serviceName, route.planType, plan.planId, variantId]);

  useEffect(() => {
    if (purchase.state.kind === 'done' && route.embed && sessionId) void navigate(checkoutSuccessPath({ route, sessionId, variantId }));
  }, [purchase.state.kind, route, sessionId, variantId, navigate]);

  if (purchase.state.kind === 'done' && !route.embed) return <GreatSuccess />;
  const processing = purchase.state.kind === 'processing' || purchase.state.kind === 'challenge';
  const ready = Boolean(card.token && sessionId);
  const period = periodOfVariantIndex(index);

  return (
    <section className="checkout" aria-label="Checkout">
      <header className="checkout__plan card">
        <div>
          <h2>{plan.name}</h2>
          <p className="muted">
            {money(variant?.priceCount ?? 0)} billed {period === 'year' ? 'yearly' : 'monthly'}
          </p>
        </div>
        <button type="button" className="btn btn-ghost" onClick={onBack} disabled={processing}>
          {PRICING_TEXTS.seeOtherPlans}
        </button>
      </header>
      {!ready ? (
        <div className="checkout__skeleton card" aria-busy="true" aria-label="Loading checkout">
          {sessionId ? null : <p className="muted">{PRICING_TEXTS.redirecting}</p>}
          <span />
          <span />
          <span />
        </div>
      ) : (
        <div className="checkout__body card">
          {paypal.available ? (
            <fieldset className="checkout__methods" disabled={processing}>
              <legend>Payment method</legend>
              <label>
                <input type="radio" name="pay-with" checked={!byPayPal} onChange={() => setPayWith('bluesnap')} /> Card
              </label>
              <label>
                <input type="radio" name="pay-with" checked={byPayPal} onChange={() => setPayWith('paypal')} /> PayPal
              </label>
            </fieldset>
          ) : null}
          <div hidden={byPayPal}>
            <h3>Card details</h3>
            <iframe ref={frame} key={card.token} className="checkout__card-frame" style={{ height }} src={card.fieldsUrl} title="Card details" />
          </div>
          {byPayPal ? <p className="muted">PayPal opens in a new window to approve the payment; renewals are charged to the same PayPal account.</p> : null}
          <h3>Billing details</h3>
          <SchemaForm<BillingForm>
            entry={BillingFormSchema}
            schema={billingFormSchema}
            uiSchema={billingFormUiSchema}
            customValidate={validateBillingForm}
            submitText={processing ? 'Processing' : `${byPayPal ? 'Pay with PayPal' : 'Pay'} ${money(variant?.priceCount ?? 0)}`}
            disabled={processing}
            canSubmit={() => byPayPal || fieldsReady}
            onSubmit={(form) => purchase.submit({ form, method })}
          />
        </div>
      )}
      {purchase.state.kind === 'challenge' ? <ThreeDsPopup url={purchase.state.url} onDone={() => void purchase.confirm()} onFailed={purchase.challengeFailed} /> : null}
    </section>
  );
}

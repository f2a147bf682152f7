// /embed/checkout-success/{serviceName}?sessionId=&variantId= and its /embed/website twin (spec
// 002 section 2): 'Your subscription has been successfully created'; the session is fetched, the
// success tracked, and after 3 seconds website mode goes to /dashboard while an embedded page
// tells its parent frame the amount. A mini-bundle purchase carries ?price= instead of a session.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getCheckoutSessionOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { BILLING_MESSAGES } from '../../../../../rules/billing-messages';
import { useFrameHeight } from '../../../layouts/embed-frame';
import { trackFunnel } from '../pricing/track-funnel';
import { CHECKOUT_SUCCESS_MESSAGE } from './checkout-success-path';
import './checkout.css';

export const SUCCESS_REDIRECT_MS = 3000;

export default function CheckoutSuccessPage() {
  const { serviceName = '' } = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const website = pathname.startsWith('/embed/website/');
  const sessionId = search.get('sessionId') ?? '';
  const variantId = search.get('variantId') ?? undefined;
  const price = search.get('price');
  const session = useQuery({ ...getCheckoutSessionOptions({ path: { sessionId }, query: variantId ? { variantId } : {} }), enabled: Boolean(sessionId) });
  useFrameHeight(!website);
  const shown = useRef<HTMLElement>(null);
  // A frame keeps the height of the checkout before it: bring the message into the framing page's view.
  useEffect(() => shown.current?.scrollIntoView({ block: 'nearest' }), []);

  const chosen = session.data?.data;
  const amount = price !== null ? Number(price) : chosen?.plan.pricingVariants.find((variant) => variant.id === chosen.variantId)?.priceCount;
  const settled = price !== null || session.isSuccess || session.isError || !sessionId;

  useEffect(() => {
    if (!settled) return;
    trackFunnel({ type: 'checkout-success', body: { serviceName, ...(chosen ? { planId: chosen.plan.planId, pricingVariantId: chosen.variantId } : {}) } });
    const timer = window.setTimeout(() => {
      if (website) void navigate('/dashboard');
      else if (window.parent !== window) window.parent.postMessage({ type: CHECKOUT_SUCCESS_MESSAGE, serviceName, amount: amount ?? null }, '*');
    }, SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [settled, website, navigate, serviceName, amount, chosen]);

  return (
    <main ref={shown} className="checkout-done card" role="status">
      <div className="checkout-done__icon" aria-hidden="true">✓</div>
      <h1>{BILLING_MESSAGES.created}</h1>
      {chosen ? <p className="muted">{chosen.plan.name}</p> : null}
    </main>
  );
}

// The pricing page (spec 002 section 2) at /pricing/{serviceName}, /embed/pricing/{serviceName},
// /embed/v/{vendor}/pricing/{serviceName} and /embed/website/pricing/{serviceName}: load states,
// owned states, the older layout for subscribers of the service, the plan list, and the
// checkout stage a plan leads to. A hand-written view; its data comes from the generated client.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { listCatalogAppsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { CurrentPlan, PaymentPlan } from '../../../../../generated/client/types.gen';
import { BILLING_MESSAGES } from '../../../../../rules/billing-messages';
import { periodOfVariantIndex } from '../../../../../rules/pricing-math';
import { useFrameHeight } from '../../../layouts/embed-frame';
import { PageMain } from '../../../layouts/main-landmark';
import { CheckoutStage } from '../checkout/CheckoutStage';
import { OlderLayout } from './OlderLayout';
import { OwnedNotice, ownedState } from './OwnedNotice';
import { PlanChange } from './PlanChange';
import { PlanList } from './PlanList';
import type { PlanChoice } from './PlanList';
import { pricingRoute, signupPath } from './pricing-route';
import { PRICING_TEXTS, pricingTitle } from './pricing-texts';
import { trackFunnel } from './track-funnel';
import { useMiniBundle } from './use-mini-bundle';
import { usePricingData } from './use-pricing-data';
import './pricing.css';

type Stage = { kind: 'plans' } | { kind: 'checkout'; plan: PaymentPlan; variantId: string; miniBundleId?: string } | { kind: 'change'; choice: PlanChoice };

function State({ children, busy = false }: { children: string; busy?: boolean }) {
  return (
    <div className="pricing__state" role="status">
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      <p>{children}</p>
    </div>
  );
}

export default function PricingPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = pricingRoute({ pathname: location.pathname, params, search });
  const { sessionPending, signedIn, plans, covering, route, ownFamily } = usePricingData({ route: asked, serviceNamed: Boolean(params.serviceName) });
  const bundle = useMiniBundle({ enabled: signedIn });
  const { data: catalog } = useQuery(listCatalogAppsOptions({ query: {} }));
  const [stage, setStage] = useState<Stage>({ kind: 'plans' });
  const [seePricing, setSeePricing] = useState(false);
  useFrameHeight(route.embed);
  useEffect(() => {
    // Once the family shown is known: the Upgrade address may open the caller's own.
    if (sessionPending) return;
    trackFunnel({ type: 'pricing-view', body: { serviceName: route.serviceName, ...(route.vendor ? { vendor: route.vendor } : {}) } });
  }, [sessionPending, route.serviceName, route.vendor]);

  const appName = catalog?.data.apps.find((app) => app.componentType === route.serviceName)?.name;
  const data = plans.data?.data;
  const current = data?.userDetails?.plan ?? undefined;
  // The caller's own family, opened for them by the Upgrade address, shows its plans with theirs marked.
  const owned = ownFamily ? null : ownedState({ view: route.view, serviceName: route.serviceName, covering, bundleApps: bundle.data?.selectedApps ?? [] });
  const older = route.view === 'per-app' ? covering.find((sub) => sub.family === route.planType) : undefined;

  const choose = (choice: PlanChoice) => {
    trackFunnel({ type: 'plan-selected', body: { serviceName: route.serviceName, planId: choice.plan.planId, pricingVariantId: choice.variantId } });
    if (choice.action === 'signup') {
      void navigate(signupPath({ route, back: location.pathname + location.search }));
      return;
    }
    if (choice.action === 'checkout' && route.view === 'minibundles') {
      // A tier is bought with its apps: the picker first, then checkout for the new bundle.
      const limit = choice.plan.features.numberOfApps;
      bundle.create({ planId: choice.plan.planId, limit: typeof limit === 'number' ? limit : undefined, onCreated: (created) => setStage({ kind: 'checkout', plan: choice.plan, variantId: choice.variantId, miniBundleId: created.id }) });
    } else if (choice.action === 'checkout') {
      setStage({ kind: 'checkout', plan: choice.plan, variantId: choice.variantId });
    }
    if (choice.action === 'switch' || choice.action === 'cancel') setStage({ kind: 'change', choice });
  };

  const body = () => {
    if (plans.isPending || sessionPending) return <State busy>{PRICING_TEXTS.loading}</State>;
    if (plans.isError || !data || data.plans.length === 0) return <State>{BILLING_MESSAGES.plansLoadFailed}</State>;
    if (stage.kind === 'checkout') {
      return <CheckoutStage route={route} plan={stage.plan} variantId={stage.variantId} miniBundleId={stage.miniBundleId} onBack={() => setStage({ kind: 'plans' })} />;
    }
    if (owned && !seePricing) return <OwnedNotice owned={owned} perApp={route.view === 'per-app'} onSeePricing={() => setSeePricing(true)} onEditBundle={bundle.edit} />;
    const list = older ? (
      <OlderLayout route={route} plans={data.plans} features={data.features} subscription={older} onChoose={choose} />
    ) : (
      <PlanList
        route={route}
        plans={data.plans}
        features={data.features}
        signedIn={signedIn}
        current={current}
        initialCycle={currentCycle({ plans: data.plans, current })}
        onChoose={choose}
      />
    );
    return (
      <>
        {list}
        {stage.kind === 'change' && current ? <PlanChange route={route} choice={stage.choice} current={current} onClose={() => setStage({ kind: 'plans' })} /> : null}
      </>
    );
  };

  return (
    <PageMain className={['pricing', route.embed ? 'pricing--embed' : '', route.mode ? `pricing--${route.mode}` : ''].join(' ').trim()}>
      <header className="pricing__header">
        <h1>{pricingTitle({ view: route.view, appName })}</h1>
        <p>{PRICING_TEXTS.subtitle}</p>
      </header>
      {body()}
      {bundle.picker}
    </PageMain>
  );
}

/** The cycle shown first: the subscriber's current variant's, else the year (index 1). */
function currentCycle({ plans, current }: { plans: PaymentPlan[]; current?: CurrentPlan }): 'month' | 'year' {
  const plan = current ? plans.find((p) => p.planId === current.planId) : undefined;
  const index = plan?.pricingVariants.findIndex((variant) => variant.id === current?.planPricingVariantId) ?? -1;
  return index >= 0 ? periodOfVariantIndex(index) : 'year';
}

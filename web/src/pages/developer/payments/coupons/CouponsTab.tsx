// Coupons tab (spec 001 sections 2, 4, 5): available once the app has a plan and an active
// paddle or stripe integration; then the coupons resource (./resource.ts) with its popups.
import { useIntegrations } from '../../integrations/use-integrations';
import { useProviderLoadToast } from '../../integrations/use-provider-load-toast';
import { ResourceList } from '../../../../components/resource/ResourceList';
import { Loading } from '../../../../components/Loading';
import { activeProviders, COUPON_PROVIDERS, providerName } from '../lib/providers';
import { usePlans } from '../lib/queries';
import { PAYMENT_TEXTS } from '../texts';
import { coupons } from './resource';

export function CouponsTab({ appId }: { appId: string }) {
  const plans = usePlans(appId);
  const { integrations } = useIntegrations(appId);
  useProviderLoadToast({ error: plans.error, title: PAYMENT_TEXTS.plansFailed });
  useProviderLoadToast({ error: integrations.error, title: PAYMENT_TEXTS.providersFailed });
  const platforms = activeProviders({ integrations: integrations.data?.data ?? [], among: COUPON_PROVIDERS });
  const precondition = plans.data && plans.data.data.length === 0
    ? PAYMENT_TEXTS.couponsNeedPlan
    : integrations.data && platforms.length === 0 ? PAYMENT_TEXTS.couponsNeedIntegration : undefined;
  return (
    <section className="dp-stack" aria-label="Coupons">
      <Loading active={plans.isPending || integrations.isPending}>
        {precondition ? (
          <section className="dp-card dp-empty" role="status">{precondition}</section>
        ) : (
          <ResourceList description={coupons} path={{ appId }} lead={`Discounts buyers enter at checkout, created at ${platforms.map(providerName).join(' or ')}.`} />
        )}
      </Loading>
    </section>
  );
}

// The coupon popup's choices (spec 001 sections 5, 7): the platforms among the app's active
// paddle and stripe integrations (an existing coupon keeps its own, even if that integration
// was turned off since), and the plans connected on the platform chosen.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { listPaymentConnectionsOptions } from '../../../../../../generated/client/@tanstack/react-query.gen';
import type { Coupon, CouponInput } from '../../../../../../generated/client/types.gen';
import { useIntegrations } from '../../integrations/use-integrations';
import { planChoices } from '../lib/coupon-form';
import { activeProviders, COUPON_PROVIDERS } from '../lib/providers';
import { usePlans } from '../lib/queries';

export type CouponChoices = { platforms: ReadonlyArray<string>; choices: ReadonlyArray<{ id: string; label: string }>; pending: boolean };

export function useCouponChoices({ path, row, draft }: { path: Readonly<Record<string, string>>; row?: Coupon; draft: Partial<CouponInput> }): CouponChoices {
  const appId = path.appId;
  const plans = usePlans(appId);
  const { integrations } = useIntegrations(appId);
  const platforms = useMemo(
    () => (row ? [row.platform] : activeProviders({ integrations: integrations.data?.data ?? [], among: COUPON_PROVIDERS })),
    [row, integrations.data],
  );
  const platform = draft.platform ?? '';
  const connections = useQuery({ ...listPaymentConnectionsOptions({ path: { appId }, query: { platform } }), enabled: Boolean(platform) });
  const choices = useMemo(() => planChoices({ connections: connections.data?.data ?? [], plans: plans.data?.data ?? [] }), [connections.data, plans.data]);
  return useMemo(() => ({ platforms, choices, pending: connections.isPending }), [platforms, choices, connections.isPending]);
}

// The caller's mini-bundle and its picker: Edit Bundle opens it on the bundle's apps (saved with
// updateMiniBundle); choosing a mini-bundle tier opens it empty with the tier's numberOfApps as
// the limit (saved with createMiniBundle) and hands the new bundle to checkout.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getMiniBundleOptions,
  getMiniBundleQueryKey,
  listCatalogAppsOptions,
  useCreateMiniBundleMutation,
  useUpdateMiniBundleMutation,
} from '../../../../../generated/client/@tanstack/react-query.gen';
import type { MiniBundle } from '../../../../../generated/client/types.gen';
import { BILLING_FALLBACKS } from '../../../../../rules/billing-messages';
import { MINI_BUNDLE } from '../../../../../rules/pricing-math';
import { billingError, billingSuccess } from '../billing-toast';
import { MiniBundlePicker } from './MiniBundlePicker';

type Picking = { kind: 'edit'; bundle: MiniBundle } | { kind: 'create'; planId: string; limit: number; onCreated: (bundle: MiniBundle) => void };

export function useMiniBundle({ enabled }: { enabled: boolean }): {
  data: MiniBundle | null;
  edit: () => void;
  create: (tier: { planId: string; limit?: number; onCreated: (bundle: MiniBundle) => void }) => void;
  picker: ReactNode;
} {
  const client = useQueryClient();
  const { data } = useQuery({ ...getMiniBundleOptions(), enabled });
  const { data: catalog } = useQuery({ ...listCatalogAppsOptions({ query: {} }), enabled });
  const [picking, setPicking] = useState<Picking | null>(null);
  const created = useCreateMiniBundleMutation();
  const updated = useUpdateMiniBundleMutation();
  const bundle = data?.data ?? null;

  const save = async (selectedApps: string[]) => {
    if (!picking) return;
    try {
      if (picking.kind === 'edit') {
        const answer = await updated.mutateAsync({ path: { id: picking.bundle.id }, body: { selectedApps } });
        billingSuccess(answer.message || 'Bundle updated');
      } else {
        const answer = await created.mutateAsync({ body: { selectedApps, planId: picking.planId } });
        picking.onCreated(answer.data);
      }
      await client.invalidateQueries({ queryKey: getMiniBundleQueryKey() });
      setPicking(null);
    } catch (thrown) {
      billingError({ thrown, fallback: picking.kind === 'edit' ? BILLING_FALLBACKS.updateBundle : BILLING_FALLBACKS.createBundle });
    }
  };

  const picker = picking ? (
    <MiniBundlePicker
      open
      apps={catalog?.data.apps ?? []}
      limit={picking.kind === 'edit' ? picking.bundle.limit : picking.limit}
      initial={picking.kind === 'edit' ? picking.bundle.selectedApps : []}
      busy={created.isPending || updated.isPending}
      onCancel={() => setPicking(null)}
      onSelect={(apps) => void save(apps)}
    />
  ) : null;

  return {
    data: bundle,
    edit: () => bundle && setPicking({ kind: 'edit', bundle }),
    create: ({ planId, limit = MINI_BUNDLE.defaultLimit, onCreated }) => setPicking({ kind: 'create', planId, limit, onCreated }),
    picker,
  };
}

// Coupons tab (spec 001 sections 2, 4, 5): available once the app has a plan and an active
// paddle or stripe integration; list, create and edit popups, delete after confirmation.
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { listCouponsQueryKey } from '../../../../../../generated/client/@tanstack/react-query.gen';
import { deleteCoupon, listCoupons } from '../../../../../../generated/client/sdk.gen';
import type { Coupon } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { resourceColumns } from '../../../../../../forms/resource/columns';
import { schemaByName } from '../../../../../../forms/schemas';
import { money } from '../../../../../../rules/format-money';
import { DataTable } from '../../../../components/data-table/DataTable';
import type { TableQuery } from '../../../../components/data-table/DataTable';
import { toColDef } from '../../../../components/resource/cells';
import { ConfirmPopup } from '../../../../components/ConfirmPopup';
import { Loading } from '../../../../components/Loading';
import { refresh } from '../../lib/queries';
import { useIntegrations } from '../../integrations/use-integrations';
import { useProviderLoadToast } from '../../integrations/use-provider-load-toast';
import { activeProviders, COUPON_PROVIDERS, providerName } from '../lib/providers';
import { usePlans } from '../lib/queries';
import { PAYMENT_TEXTS } from '../texts';
import { CouponPopup } from './CouponPopup';
import '../../../../components/resource/resource.css';

// Short headers: the schema titles ('Coupon name', 'Expiration date') do not fit seven columns.
const COLUMNS = [
  { field: 'couponName', header: 'Name' },
  { field: 'platformCouponCode', header: 'Code' },
  'platform',
  { field: 'discountAmount', header: 'Discount' },
  'durationType',
  { field: 'timesRedeemed', header: 'Uses' },
  { field: 'expires', header: 'Expires' },
];

const discount = (c: Coupon): string => (c.discountType === 'percentage' ? `${c.discountAmount}%` : money(c.discountAmount, c.discountCurrency));
const uses = (c: Coupon): string => (c.maxRedemptions ? `${c.timesRedeemed} / ${c.maxRedemptions}` : String(c.timesRedeemed));
/** Cells the record schema cannot say: the discount in its unit, uses against the limit, the provider's name. */
const RENDERERS: Record<string, (c: Coupon) => string> = { discountAmount: discount, timesRedeemed: uses, platform: (c) => providerName(c.platform) };

type Editing = { coupon?: Coupon };

export function CouponsTab({ appId }: { appId: string }) {
  const plans = usePlans(appId);
  const { integrations } = useIntegrations(appId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  useProviderLoadToast({ error: plans.error, title: PAYMENT_TEXTS.plansFailed });
  useProviderLoadToast({ error: integrations.error, title: PAYMENT_TEXTS.providersFailed });
  const platforms = activeProviders({ integrations: integrations.data?.data ?? [], among: COUPON_PROVIDERS });
  const queryKey = useMemo(() => listCouponsQueryKey({ path: { appId } }), [appId]);
  const columns = useMemo(
    () =>
      resourceColumns({ schema: schemaByName('Coupon'), columns: COLUMNS }).map((column) => {
        const def = toColDef<Coupon>({ column, sortable: false });
        const render = RENDERERS[column.field];
        return render ? { ...def, cellRenderer: ({ data }: { data?: Coupon }) => (data ? render(data) : '') } : def;
      }),
    [],
  );
  // The list answers every coupon at once: the table pages through it here.
  const fetch = async ({ page, limit }: TableQuery) => {
    const docs = (await callApi(listCoupons({ path: { appId } }))).data;
    return { docs: docs.slice((page - 1) * limit, page * limit), total: docs.length };
  };
  const remove = async () => {
    if (!deleting) return;
    const result = await callApi(deleteCoupon({ path: { appId, couponId: deleting.couponId }, query: { platform: deleting.platform } }));
    toast.success(result.message || 'Coupon deleted');
    setDeleting(null);
    await refresh('listCoupons');
  };

  const precondition = plans.data && plans.data.data.length === 0
    ? PAYMENT_TEXTS.couponsNeedPlan
    : integrations.data && platforms.length === 0 ? PAYMENT_TEXTS.couponsNeedIntegration : undefined;
  return (
    <section className="dp-stack" aria-label="Coupons">
      <Loading active={plans.isPending || integrations.isPending}>
        {precondition ? (
          <section className="dp-card dp-empty" role="status">{precondition}</section>
        ) : (
          <>
            <div className="dp-row" style={{ justifyContent: 'space-between' }}>
              <p className="dp-muted" style={{ margin: 0 }}>Discounts buyers enter at checkout, created at {platforms.map(providerName).join(' or ')}.</p>
              <button type="button" className="dp-btn primary" onClick={() => setEditing({})}>+ Create coupon</button>
            </div>
            <DataTable<Coupon>
              label="Coupons"
              queryKey={queryKey}
              fetch={fetch}
              columns={columns}
              getRowId={(c) => c.couponId}
              searchable={false}
              emptyText={PAYMENT_TEXTS.noItems}
              rowActions={(c) => (
                <>
                  <button type="button" className="btn btn-sm btn-ghost" aria-label={`Edit ${c.couponName}`} onClick={() => setEditing({ coupon: c })}>Edit</button>
                  <button type="button" className="btn btn-sm btn-ghost resource-action--danger" aria-label={`Delete ${c.couponName}`} onClick={() => setDeleting(c)}>Delete</button>
                </>
              )}
            />
          </>
        )}
      </Loading>
      {editing && <CouponPopup appId={appId} coupon={editing.coupon} platforms={platforms} plans={plans.data?.data ?? []} onClose={() => setEditing(null)} />}
      <ConfirmPopup danger
        open={deleting !== null}
        title="Delete coupon"
        confirmText="Delete"
        text={`Delete ${deleting?.couponName ?? ''} (${deleting?.platformCouponCode ?? ''})? Buyers can no longer use it.`}
        onCancel={() => setDeleting(null)}
        onConfirm={remove}
      />
    </section>
  );
}

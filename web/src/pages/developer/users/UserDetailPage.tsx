// /developer/apps/{appId}/users/user/{userId} (spec 001 section 2): the user's details (edit,
// delete), stats, subscriptions (change plan, cancel), charges (refund) and notes; every block
// and form from the schemas and their `x-ui` hints.
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { getAppUserStatsOptions, listPlansOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { AppUser, AppUserCharge, AppUserInput, AppUserSubscription } from '../../../../../generated/client/types.gen';
import { ConfirmPopup } from '../../../components/ConfirmPopup';
import { Loading } from '../../../components/Loading';
import { ResourceDetails } from '../../../components/resource/ResourceDetails';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import { ResourceList } from '../../../components/resource/ResourceList';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { schemaOf } from '../../../../../forms/schemas';
import { readsOf, useResourceGet, useResourceMutation } from '../../../components/resource/use-resource';
import { errorMessage } from '../lib/toasts';
import { appPath } from '../shell/menu';
import { ChangePlanPopup } from './ChangePlanPopup';
import { RefundPopup } from './RefundPopup';
import { appUsers, cancelSubscription, charges, notes, subscriptions, USER_TEXTS } from './resources';
import './users.css';
import { AppUserInputSchema } from '../../../../../generated/schemas/AppUserInput';
import { AppUserStatsSchema } from '../../../../../generated/schemas/AppUserStats';

type Dialog =
  | { kind: 'edit' }
  | { kind: 'delete' }
  | { kind: 'change'; subscription: AppUserSubscription }
  | { kind: 'cancel'; subscription: AppUserSubscription }
  | { kind: 'refund'; charge: AppUserCharge };

const REFUNDABLE = new Set(['succeeded', 'partially_refunded']);
// A note's text wraps onto more lines rather than being cut.
const NOTE_SIZES = { description: { wrapText: true } };

export default function UserDetailPage() {
  const { appId = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const path = useMemo(() => ({ appId, userId }), [appId, userId]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const user = useResourceGet({ operation: appUsers.get, args: { path } });
  const stats = useQuery(getAppUserStatsOptions({ path }));
  const plans = useQuery(listPlansOptions({ path: { appId } }));
  // A user and a subscription name their plan by id; the page shows the plan's name (the id while plans load or once deleted).
  const planCells = useMemo(() => {
    const names = new Map((plans.data?.data ?? []).map((plan) => [plan.planId, plan.name]));
    return { planId: (row: { planId?: unknown }) => (typeof row.planId === 'string' ? (names.get(row.planId) ?? row.planId) : '—') };
  }, [plans.data]);
  const refreshes = readsOf(appUsers);
  const update = useResourceMutation({ operation: appUsers.update, refreshes });
  const remove = useResourceMutation({ operation: appUsers.delete, refreshes: [appUsers.list.operationId] });
  const cancel = useResourceMutation({ operation: cancelSubscription, refreshes: [subscriptions.list.operationId, 'getAppUserStats'] });
  const close = () => setDialog(null);
  const usersPath = appPath(appId, 'users');
  const record: AppUser | undefined = user.data?.data;

  return (
    <div className="dp-stack">
      <header className="page-header">
        <div>
          <Link to={usersPath} className="dp-muted">← Users</Link>
          <h1 className="dp-ellipsis">{record?.accountName ?? 'User'}</h1>
        </div>
        {record && (
          <div className="dp-row">
            <button type="button" className="btn btn-secondary" onClick={() => setDialog({ kind: 'edit' })}>Edit user</button>
            <button type="button" className="btn btn-danger" onClick={() => setDialog({ kind: 'delete' })}>Delete user</button>
          </div>
        )}
      </header>
      <Loading active={user.isPending}>
        {user.isError && <p className="dp-error" role="alert">{errorMessage(user.error)}</p>}
        {record && (
          <>
            <div className="user-detail__top">
              <section className="dp-card" aria-label="Details">
                <h2>Details</h2>
                <ResourceDetails entry={appUsers.schema} record={record} renderCells={planCells} />
              </section>
              <section className="dp-card" aria-label="Stats">
                <h2>Stats</h2>
                {stats.data && <ResourceDetails entry={AppUserStatsSchema} record={stats.data.data} />}
              </section>
            </div>
            <div className="dp-card">
              <ResourceList
                description={subscriptions}
                path={path}
                renderCells={planCells}
                actionShown={(_action, row) => !row.pendingAction && row.status !== 'canceled'}
                onAction={(action, subscription) => setDialog(action === 'change' ? { kind: 'change', subscription } : { kind: 'cancel', subscription })}
              />
            </div>
            <div className="dp-card">
              <ResourceList
                description={charges}
                path={path}
                actionShown={(_action, row) => !row.pendingAction && REFUNDABLE.has(row.status) && row.refundableAmount > 0}
                onAction={(_action, charge) => setDialog({ kind: 'refund', charge })}
              />
            </div>
            <div className="dp-card">
              <ResourceList description={notes} path={path} columnSizes={NOTE_SIZES} />
            </div>
          </>
        )}
      </Loading>
      {record && dialog?.kind === 'edit' && (
        <ResourceFormPopup<AppUserInput>
          open
          title={appUsers.texts.editTitle ?? 'Edit'}
          entry={AppUserInputSchema}
          formData={formValuesOf<AppUserInput>({ schema: schemaOf(AppUserInputSchema), record })}
          customValidate={(data, errors) => {
            if (!data?.accountName?.trim()) errors.accountName?.addError(USER_TEXTS.missingName);
            return errors;
          }}
          toasts={{ success: USER_TEXTS.updated, error: USER_TEXTS.failure }}
          onSubmit={(body) => update.mutateAsync({ path, body })}
          onClose={close}
        />
      )}
      <ConfirmPopup
        open={dialog?.kind === 'delete'}
        title={appUsers.texts.deleteTitle ?? 'Delete'}
        text={`Delete ${record?.accountName ?? 'this user'} with their subscriptions, charges and notes? This cannot be undone.`}
        confirmText="Delete"
        danger
        onCancel={close}
        onConfirm={async () => {
          await remove.mutateAsync({ path });
          toast.success(USER_TEXTS.deleted);
          void navigate(usersPath);
        }}
      />
      <ConfirmPopup
        open={dialog?.kind === 'cancel'}
        title="Cancel subscription"
        text={`Cancel this subscription? ${USER_TEXTS.asyncNotice}`}
        confirmText="Cancel subscription"
        cancelText="Keep it"
        danger
        onCancel={close}
        onConfirm={async () => {
          if (dialog?.kind !== 'cancel') return;
          const { id, platform } = dialog.subscription;
          const result = await cancel.mutateAsync({ path: { ...path, subId: id }, body: { platform } });
          toast.success(result.message);
          close();
        }}
      />
      {dialog?.kind === 'change' && <ChangePlanPopup path={path} subscription={dialog.subscription} onClose={close} />}
      {dialog?.kind === 'refund' && <RefundPopup path={path} charge={dialog.charge} onClose={close} />}
    </div>
  );
}

// Webhooks list (spec 000 section 2): Add popup, Edit opens the messages page, an
// activate switch and delete with confirmation.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { listWebhooksOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { deleteWebhook, updateWebhook } from '../../../../../generated/client/sdk.gen';
import type { Webhook } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { TEXTS } from '../texts';
import { errorMessage, withToasts } from '../lib/toasts';
import { refresh } from '../lib/queries';
import { appPath } from '../shell/menu';
import { AddWebhookPopup } from './AddWebhookPopup';
import { ConfirmPopup } from '../../../components/ConfirmPopup';
import { Switch } from '../ui/Switch';
import { Loading } from '../../../components/Loading';

export default function WebhooksPage() {
  const { appId = '' } = useParams();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const list = useQuery(listWebhooksOptions({ path: { appId } }));

  const toggle = (hook: Webhook) => withToasts({
    run: () => callApi(updateWebhook({ path: { appId, webhookId: hook.id }, body: { status: hook.status === 'active' ? 'inactive' : 'active' } })),
    success: TEXTS.webhookUpdated,
    failure: TEXTS.webhookUpdateFailed,
  }).then(() => refresh('listWebhooks'));

  const remove = async () => {
    if (!deleting) return;
    await withToasts({
      run: () => callApi(deleteWebhook({ path: { appId, webhookId: deleting.id } })),
      failure: TEXTS.noWebhookToDelete,
    });
    setDeleting(null);
    await refresh('listWebhooks');
  };

  const hooks = list.data?.data ?? [];
  return (
    <div className="dp-stack">
      <header className="page-header">
        <div>
          <h1>Webhooks</h1>
          <p>Get notified when something happens in a store that installed your app.</p>
        </div>
        <button type="button" className="dp-btn primary" onClick={() => setAdding(true)}>+ Add webhook</button>
      </header>
      <section className="dp-card" aria-label="Webhooks">
        <Loading active={list.isPending}>
        {list.isError && <p className="dp-error" role="alert">{errorMessage(list.error)}</p>}
        {list.isSuccess && hooks.length === 0 && <p className="dp-empty">{TEXTS.noWebhooks}</p>}
        {hooks.length > 0 && (
          <ul className="dp-list">
            {hooks.map((hook) => (
              <li key={hook.id} className="dp-list-row" data-webhook={hook.url}>
                <Switch checked={hook.status === 'active'} label={`Active: ${hook.url}`} onChange={() => void toggle(hook)} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div className="dp-ellipsis"><strong>{hook.url}</strong></div>
                  <span className={`dp-badge ${hook.status === 'active' ? 'ok' : ''}`}>{hook.status}</span>
                  {hook.failingSince && <span className="dp-badge warn" style={{ marginLeft: 6 }}>failing</span>}
                </div>
                <Link className="dp-btn small" to={appPath(appId, 'webhooks', `webhook/${hook.id}`)}>Edit</Link>
                <button type="button" className="dp-btn small ghost" aria-label={`Delete ${hook.url}`} onClick={() => setDeleting(hook)}>Delete</button>
              </li>
            ))}
          </ul>
        )}
        </Loading>
      </section>
      <AddWebhookPopup appId={appId} open={adding} onClose={() => setAdding(false)} />
      <ConfirmPopup danger
        open={deleting !== null}
        title="Delete webhook"
        confirmText="Delete"
        text={`Stop sending events to ${deleting?.url ?? ''} and remove its message history?`}
        onCancel={() => setDeleting(null)}
        onConfirm={remove}
      />
    </div>
  );
}

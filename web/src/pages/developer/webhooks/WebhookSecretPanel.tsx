import { useQuery } from '@tanstack/react-query';
import { getWebhookSecretOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { rotateWebhookSecret } from '../../../../../generated/client/sdk.gen';
import { callApi } from '../../../../../forms/call-api';
import { CopyField } from '../../../../../forms/components/CopyField';
import { withToasts } from '../lib/toasts';
import { refresh } from '../lib/queries';

/** The webhook's signing secret, copyable and rotatable (the old one keeps signing for 24 h). */
export function WebhookSecretPanel({ appId, webhookId }: { appId: string; webhookId: string }) {
  const secret = useQuery(getWebhookSecretOptions({ path: { appId, webhookId } }));
  const rotate = () => withToasts({
    run: () => callApi(rotateWebhookSecret({ path: { appId, webhookId } })),
    pending: 'Rotating secret...',
    failure: 'Could not rotate secret',
  }).then(() => refresh('getWebhookSecret'));
  const data = secret.data?.data;
  return (
    <section className="dp-card dp-stack" aria-label="Signing secret">
      <div className="dp-row" style={{ justifyContent: 'space-between' }}>
        <h2 style={{ margin: 0 }}>Signing secret</h2>
        <button type="button" className="dp-btn small" onClick={() => void rotate()}>Rotate secret</button>
      </div>
      <p className="dp-muted" style={{ margin: 0 }}>Verify the webhook-signature header of every request with this secret (Standard Webhooks).</p>
      {data && <CopyField value={data.secret} label="Signing secret" secret />}
      {data?.previousSecretExpiresAt && (
        <p className="dp-muted" style={{ margin: 0 }}>The previous secret also signs until {new Date(data.previousSecretExpiresAt).toLocaleString()}.</p>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { getWebhookRequestMessageOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { resendWebhookRequest } from '../../../../../generated/client/sdk.gen';
import type { WebhookRequest } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { ResourceDetails } from '../../../components/resource/ResourceDetails';
import { codeTone } from '../lib/webhook-status';
import { errorMessage, withToasts } from '../lib/toasts';
import { refresh } from '../lib/queries';
import { TEXTS } from '../texts';
import { WebhookRequestSchema } from '../../../../../generated/schemas/WebhookRequest';

const pretty = (body: string): string => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

/** The detail viewer: response status code coloured by its first digit, the record's properties, request body, Resend. */
export function MessageDetail({ appId, request }: { appId: string; request: WebhookRequest }) {
  const message = useQuery(getWebhookRequestMessageOptions({ path: { appId, requestId: request.id } }));
  const resend = () => withToasts({
    run: () => callApi(resendWebhookRequest({ path: { appId, webhookId: request.webhookId, requestId: request.id } })),
    success: TEXTS.resent,
    failure: TEXTS.resendFailed,
  }).then(() => setTimeout(() => void refresh('listWebhookRequests'), 1000));

  const code = request.response.statusCode;
  return (
    <section className="dp-card dp-stack" aria-label="Message detail">
      <div className="dp-row" style={{ justifyContent: 'space-between' }}>
        <h2 style={{ margin: 0 }}>{request.type}</h2>
        <button type="button" className="dp-btn primary small" onClick={() => void resend()}>Resend</button>
      </div>
      <dl className="dp-kv">
        <dt>Status code</dt>
        <dd><span className={`dp-code ${codeTone(code)}`} data-testid="status-code">{code ?? '—'}</span> <span className="dp-muted">{request.response.status}</span></dd>
      </dl>
      <ResourceDetails entry={WebhookRequestSchema} record={request} />
      {message.isError && <p className="dp-error">{errorMessage(message.error)}</p>}
      {message.data && (
        <>
          <h4 style={{ margin: 0 }}>Request body</h4>
          <pre className="dp-pre" data-testid="request-body">{pretty(message.data.data.request.body)}</pre>
          <h4 style={{ margin: 0 }}>Response body</h4>
          <pre className="dp-pre">{message.data.data.response.body || '(empty)'}</pre>
        </>
      )}
    </section>
  );
}

// Webhook messages (spec 000 section 2): tabs All / Succeeded / Failed, 10 at a time with
// Load more, a detail viewer with Resend; plus Send test event and the signing secret. Above
// them the webhook's own record, as the Webhook schema and its hints draw it.
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getWebhookOptions, listWebhookRequestsInfiniteOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { sendWebhookTestEvent } from '../../../../../generated/client/sdk.gen';
import type { WebhookRequest, WebhookRequestStatus } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { MESSAGES_PAGE_SIZE, TEXTS } from '../texts';
import { deliveryIcon } from '../lib/webhook-status';
import { errorMessage, withToasts } from '../lib/toasts';
import { refresh } from '../lib/queries';
import { appPath } from '../shell/menu';
import { MessageDetail } from './MessageDetail';
import { WebhookSecretPanel } from './WebhookSecretPanel';
import { Loading } from '../../../components/Loading';
import { CellValue } from '../../../components/resource/cells';
import { ResourceDetails } from '../../../components/resource/ResourceDetails';
import { hiddenColumnsOf, resourceColumns } from '../../../../../forms/resource/columns';
import { schemaOf } from '../../../../../forms/schemas';
import { WebhookSchema } from '../../../../../generated/schemas/Webhook';
import { WebhookRequestSchema } from '../../../../../generated/schemas/WebhookRequest';

const TABS: ReadonlyArray<{ label: string; status?: WebhookRequestStatus }> = [
  { label: 'All' },
  { label: 'Succeeded', status: 'succeeded' },
  { label: 'Failed', status: 'failed' },
];

const ICONS: Record<string, string> = { sent: '✓', failed: '✕' };

/** A message's line: the properties WebhookRequest lists (its type leads, then when it was sent). */
function messageColumns() {
  const schema = schemaOf(WebhookRequestSchema);
  const hidden = new Set(hiddenColumnsOf({ schema }));
  return resourceColumns({ schema }).filter((column) => !hidden.has(column.field));
}

export default function WebhookMessagesPage() {
  const { appId = '', webhookId = '' } = useParams();
  const [tab, setTab] = useState(0);
  const [selected, setSelected] = useState<WebhookRequest | null>(null);
  const status = TABS[tab].status;
  const [lead, ...rest] = useMemo(() => messageColumns(), []);
  const webhook = useQuery(getWebhookOptions({ path: { appId, webhookId } }));
  const messages = useInfiniteQuery({
    ...listWebhookRequestsInfiniteOptions({ path: { appId, webhookId }, query: { limit: MESSAGES_PAGE_SIZE, ...(status ? { status } : {}) } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.data.page < last.data.pages ? last.data.page + 1 : undefined),
  });
  const rows = messages.data?.pages.flatMap((p) => p.data.docs) ?? [];

  const sendTest = () => withToasts({
    run: () => callApi(sendWebhookTestEvent({ path: { appId, webhookId } })),
    failure: TEXTS.fallback,
  }).then(() => setTimeout(() => void refresh('listWebhookRequests'), 1000));

  return (
    <div className="dp-stack">
      <header className="page-header">
        <div>
          <Link to={appPath(appId, 'webhooks')} className="dp-muted">← Webhooks</Link>
          <h1 className="dp-ellipsis">{webhook.data?.data.url ?? 'Webhook'}</h1>
        </div>
        <div className="dp-row">
          <button type="button" className="dp-btn" onClick={() => void refresh('listWebhookRequests')}>Refresh</button>
          <button type="button" className="dp-btn primary" onClick={() => void sendTest()}>Send test event</button>
        </div>
      </header>
      {webhook.data && (
        <section className="dp-card" aria-label="Webhook details">
          <ResourceDetails entry={WebhookSchema} record={webhook.data.data as Readonly<Record<string, unknown>>} />
        </section>
      )}
      <WebhookSecretPanel appId={appId} webhookId={webhookId} />
      <nav className="dp-tabs" role="tablist">
        {TABS.map((t, i) => (
          <button key={t.label} type="button" role="tab" aria-selected={i === tab} className={i === tab ? 'active' : ''} onClick={() => { setTab(i); setSelected(null); }}>{t.label}</button>
        ))}
      </nav>
      <div className="dp-split">
        <section className="dp-card" aria-label="Messages">
          <Loading active={messages.isPending}>
          {messages.isError && <p className="dp-error" role="alert">{errorMessage(messages.error)}</p>}
          {messages.isSuccess && rows.length === 0 && <p className="dp-empty">{TEXTS.noMessages}</p>}
          {rows.map((row) => {
            const icon = deliveryIcon({ statusCode: row.response.statusCode, status: row.status });
            const values = row as Readonly<Record<string, unknown>>;
            return (
              <button key={row.id} type="button" className={`dp-msg${selected?.id === row.id ? ' active' : ''}`} data-message={row.type} onClick={() => setSelected(row)}>
                <span className="dp-row" style={{ gap: 8 }}>
                  <span className={`dp-badge ${icon === 'sent' ? 'ok' : icon === 'failed' ? 'bad' : ''}`} title={icon}>{ICONS[icon] ?? icon}</span>
                  {lead && <span data-field={lead.field}><CellValue format={lead.format} value={values[lead.field]} row={values} /></span>}
                </span>
                {rest.map((column) => (
                  <span key={column.field} className="dp-muted" style={{ fontSize: 12 }} data-field={column.field}>
                    <CellValue format={column.format} value={values[column.field]} row={values} />
                  </span>
                ))}
              </button>
            );
          })}
          {messages.hasNextPage && (
            <button type="button" className="dp-btn" style={{ width: '100%', marginTop: 10 }} disabled={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>Load more</button>
          )}
          </Loading>
        </section>
        {selected ? <MessageDetail key={selected.id} appId={appId} request={selected} /> : <section className="dp-card dp-empty">Select a message to see its request and response.</section>}
      </div>
    </div>
  );
}

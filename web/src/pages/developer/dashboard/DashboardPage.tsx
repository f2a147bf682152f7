// The app dashboard (spec 000 section 2), hand-written: greeting, app name and status,
// App ID and App Secret, the app's record (from the App schema), usage meters, totals, revenue / installations / subscriptions charts
// over 1 Year, 6 Months or 1 Month, and the How to Start checklist.
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getSessionOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { CopyField } from '../../../../../forms/components/CopyField';
import { useBrand } from '../../../layouts/use-brand';
import { useApp } from '../lib/use-app';
import { DEFAULT_RANGE, RANGES, seriesOf } from '../lib/ranges';
import type { RangeKey } from '../lib/ranges';
import { abbreviate } from '../../../../../rules/abbreviate';
import { money } from '../../../../../rules/format-money';
import { formatBytes } from '../../../../../rules/format-bytes';
import { Figure, Placeholder } from '../../../components/Placeholder';
import { checklist } from '../lib/checklist';
import { fieldsComplete } from '../lib/fields-complete';
import { COPY_MS_DASHBOARD, DASHBOARD_TEXTS, DOCS_URL, METER_MAX } from '../texts';
import { useIntegrations } from '../integrations/use-integrations';
import { useDashboardData } from './use-dashboard-data';
import { seriesOption } from './chart-options';
import { platformLabel, revenueByPlatform, revenueSeries } from './revenue';
import { ChartCard } from './ChartCard';
import { Checklist } from './Checklist';
import { Meter } from '../../../components/Meter';
import { ResourceDetails } from '../../../components/resource/ResourceDetails';
import { AppSchema } from '../../../../../generated/schemas/App';

const COMMUNITY_URL = 'https://github.com/topics/nindo';

const greeting = (hour: number): string => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

export default function DashboardPage() {
  const { appId = '' } = useParams();
  const brand = useBrand();
  const [range, setRange] = useState<RangeKey>(DEFAULT_RANGE);
  const now = useMemo(() => new Date(), []);
  const user = useQuery(getSessionOptions()).data?.data;
  const appQuery = useApp(appId);
  const app = appQuery.data?.data;
  const { platforms, integrations } = useIntegrations(appId);
  const data = useDashboardData({ appId, range, now });
  const { span, pending, total, usage } = data;
  const stepsPending = appQuery.isPending || platforms.isPending || integrations.isPending;

  const fieldsOf = new Map((platforms.data?.data ?? []).map((p) => [p.name, p.fields]));
  const anyIntegrationComplete = (integrations.data?.data ?? []).some((i) => i.isActive && fieldsComplete(fieldsOf.get(i.platform) ?? [], i.platformAppKeys));
  const steps = checklist({ authCallback: app?.endpoints.authCallback, anyIntegrationComplete, docsUrl: DOCS_URL, communityUrl: COMMUNITY_URL });

  const revenue = revenueSeries(data.revenue, span);
  const installations = seriesOf(data.installations, span);
  const subscriptions = seriesOf(data.subscriptions, span);
  const currency = data.revenue[0]?.currency ?? 'USD';
  const perPlatform = revenueByPlatform(data.revenue);
  const revenueTotal = sum(revenue);

  return (
    <div className="dp-stack">
      <header className="page-header">
        <div>
          <p style={{ margin: 0 }}>{greeting(now.getHours())}{user?.fullName ? `, ${user.fullName.split(' ')[0]}` : ''} 👋</p>
          <h1 className="dp-row" style={{ gap: 10 }}>
            {app?.name ?? <Placeholder width="8em" />}
            {app && <span className={`dp-badge ${app.status === 'published' ? 'ok' : ''}`} data-testid="app-status">{app.status}</span>}
          </h1>
        </div>
        <div className="dp-seg" role="group" aria-label="Range">
          {RANGES.map((r) => (
            <button key={r.key} type="button" className={r.key === range ? 'active' : ''} aria-pressed={r.key === range} onClick={() => setRange(r.key)}>{r.label}</button>
          ))}
        </div>
      </header>

      {app && (
        <section className="dp-card dp-grid-2" aria-label="Credentials">
          <div><div className="dp-muted" style={{ fontSize: 13, marginBottom: 6 }}>App ID</div><CopyField value={app.appId} label="App ID" confirmMs={COPY_MS_DASHBOARD} /></div>
          <div><div className="dp-muted" style={{ fontSize: 13, marginBottom: 6 }}>App Secret</div><CopyField value={app.secretKey} label="App Secret" secret confirmMs={COPY_MS_DASHBOARD} /></div>
        </section>
      )}

      {/* The app's record view: every property the App schema lets a record view draw, from the document. */}
      {app && (
        <section className="dp-card" aria-labelledby="app-details-title">
          <h2 id="app-details-title">{DASHBOARD_TEXTS.appDetails}</h2>
          <ResourceDetails entry={AppSchema} record={app} />
        </section>
      )}

      <div className="dp-grid-3">
        <section className="dp-card" aria-labelledby="total-users-label">
          <div className="dp-muted" id="total-users-label">Users</div>
          <div className="dp-stat" data-testid="total-users"><Figure pending={pending.total} text={total && abbreviate(total.users)} /></div>
          {/* The Users page lists uninstalled stores too (kept for the history charts): say what this counts. */}
          <div className="dp-muted dp-stat-note" data-testid="total-users-note">{DASHBOARD_TEXTS.usersCounted}</div>
        </section>
        <section className="dp-card"><div className="dp-muted">Subscriptions</div><div className="dp-stat" data-testid="total-subscriptions"><Figure pending={pending.total} text={total && abbreviate(total.subscriptions)} /></div></section>
        <section className="dp-card"><div className="dp-muted">Revenue</div><div className="dp-stat" data-testid="total-revenue"><Figure pending={pending.total} width="5em" text={total && money(total.revenue, currency)} /></div></section>
      </div>

      <section className="dp-card dp-grid-3" aria-label="Usage">
        <Meter label="Number of Stores" pending={pending.usage} value={usage?.installations} max={METER_MAX.installations} />
        <Meter label="Storage" pending={pending.usage} value={usage?.storage} max={METER_MAX.storageBytes} format={formatBytes} />
        <Meter label="Requests" pending={pending.usage} value={usage?.requests} max={METER_MAX.requests} />
      </section>

      <Checklist appId={appId} steps={steps} pending={stepsPending} />

      <ChartCard title="Revenue" loading={data.chartsLoading} pending={pending.revenue} figure={money(revenueTotal, currency)} option={seriesOption({ buckets: span.buckets, values: revenue, groupBy: span.groupBy, name: 'Revenue', kind: 'bar', currency })}>
        <div className="dp-stack" style={{ gap: 12 }} aria-label="Revenue per platform">
          <strong style={{ fontSize: 13 }}>Per platform</strong>
          {!pending.revenue && perPlatform.length === 0 && <span className="dp-muted" style={{ fontSize: 13 }}>No revenue in this period.</span>}
          {perPlatform.map((p) => (
            <Meter key={p.platform} label={platformLabel(p.platform, brand, platforms.data?.data)} value={Number(p.amount.toFixed(2))} max={Number(revenueTotal.toFixed(2))} format={(v) => money(v, currency)} />
          ))}
        </div>
      </ChartCard>
      <div className="dp-grid-2">
        <ChartCard title="Installations" loading={data.chartsLoading} pending={pending.installations} figure={abbreviate(sum(installations))} option={seriesOption({ buckets: span.buckets, values: installations, groupBy: span.groupBy, name: 'Installations', kind: 'line' })} />
        <ChartCard title="Subscriptions" loading={data.chartsLoading} pending={pending.subscriptions} figure={abbreviate(sum(subscriptions))} option={seriesOption({ buckets: span.buckets, values: subscriptions, groupBy: span.groupBy, name: 'Subscriptions', kind: 'line' })} />
      </div>
    </div>
  );
}

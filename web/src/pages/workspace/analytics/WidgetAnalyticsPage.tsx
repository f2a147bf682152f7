// Widget analytics (spec 003 sections 2 and 4): a hand-written dashboard view of the analytics
// calls, at /user/dashboard/analytics/{componentId} and, without the back link, at
// /embed/analytics/{componentId} (a frame that posts its height to the parent).
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AnalyticsBreakdown, WidgetClientAnalytics, WidgetEngagementAnalytics } from '../../../../../generated/client/types.gen';
import { Chart } from '../../../components/Chart';
import { Loading } from '../../../components/Loading';
import { useFrameHeight } from '../../../layouts/embed-frame';
import { abbreviate } from '../../../../../rules/abbreviate';
import { ANALYTICS_MESSAGES, defaultRange, isoDay } from '../../../../../rules/widget-analytics';
import type { DayRange } from '../../../../../rules/widget-analytics';
import { byDateOption } from './chart-option';
import { CountTable } from './CountTable';
import { RangePicker } from './RangePicker';
import { useWidgetAnalytics } from './use-widget-analytics';
import './analytics.css';

function Figures({ title, figures }: { title: string; figures: [label: string, value: number][] }) {
  return (
    <section className="card wa-figures" aria-label={title}>
      <h2>{title}</h2>
      <div className="wa-figures__row">
        {figures.map(([label, value]) => (
          <div key={label} className="wa-figure">
            <span className="wa-figure__value" data-testid={`figure-${label.toLowerCase()}`}>{abbreviate(value)}</span>
            <span className="muted">{label}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

function ClientSection({ data, cacheKey }: { data: WidgetClientAnalytics; cacheKey: unknown[] }) {
  return (
    <>
      <Figures title="Installations & Pageviews" figures={[['Installs', data.eventType.install], ['Impressions', data.eventType.impression], ['Pageviews', data.eventType.view]]} />
      <div className="wa-grid">
        <section className="card" aria-label="Top Hosts">
          <h2>Top Hosts</h2>
          <CountTable label="Top Hosts" nameHeader="Host" rows={data.host.map((entry) => ({ name: entry.host, count: entry.count }))} cacheKey={cacheKey} />
        </section>
        <section className="card" aria-label="Impressions by Date">
          <h2>Impressions by Date</h2>
          <Chart label="Impressions by Date" option={byDateOption({ series: data.timestamp, breakdown: data.breakdown, name: 'Impressions' })} height={260} />
        </section>
      </div>
    </>
  );
}

function EngagementSection({ data, cacheKey }: { data: WidgetEngagementAnalytics; cacheKey: unknown[] }) {
  return (
    <>
      <Figures title="Engagement Events" figures={[['All events', data.summary.all], ['Conversions', data.summary.conversions], ['Interactions', data.summary.interactions]]} />
      <div className="wa-grid">
        <section className="card" aria-label="Events Breakdown">
          <h2>Events Breakdown</h2>
          <CountTable label="Events Breakdown" nameHeader="Event" rows={data.events.map((entry) => ({ name: entry.subtype, count: entry.count }))} cacheKey={cacheKey} />
        </section>
        <section className="card" aria-label="Events by Date">
          <h2>Events by Date</h2>
          <Chart label="Events by Date" option={byDateOption({ series: data.timestamp, breakdown: data.breakdown, name: 'Events' })} height={260} />
        </section>
      </div>
    </>
  );
}

function Analytics({ guid, embedded }: { guid: string; embedded: boolean }) {
  const today = isoDay(new Date());
  const [range, setRange] = useState<DayRange>(() => defaultRange(today));
  const [breakdown, setBreakdown] = useState<AnalyticsBreakdown | undefined>();
  const { client, engagement, failed, loading } = useWidgetAnalytics({ guid, range, breakdown });
  const cacheKey = [guid, range.from, range.to, breakdown];
  return (
    <div className={embedded ? 'wa-page wa-page--embedded' : 'wa-page'}>
      <header className="wa-header">
        {!embedded && (
          <Link to="/dashboard" className="btn btn-ghost btn-sm">
            ← Back to dashboard
          </Link>
        )}
        <h1>{client ? `${client.name} analytics` : 'Widget analytics'}</h1>
        <RangePicker range={range} today={today} breakdown={client?.breakdown ?? breakdown} onRange={setRange} onBreakdown={setBreakdown} />
      </header>
      {failed && <p className="wa-error" role="alert">{ANALYTICS_MESSAGES.couldNotLoad}</p>}
      <Loading active={!failed && loading} label="Loading analytics">
        {client && <ClientSection data={client} cacheKey={cacheKey} />}
        {engagement && <EngagementSection data={engagement} cacheKey={cacheKey} />}
      </Loading>
    </div>
  );
}

function AnalyticsRoute({ embedded }: { embedded: boolean }) {
  const { componentId = '' } = useParams();
  useFrameHeight(embedded);
  if (componentId.trim() === '') {
    return <p className={`wa-page wa-error${embedded ? ' wa-page--embedded' : ''}`} role="alert">{embedded ? ANALYTICS_MESSAGES.notSavedYet : ANALYTICS_MESSAGES.widgetIdEmpty}</p>;
  }
  return <Analytics key={componentId} guid={componentId} embedded={embedded} />;
}

export default function WidgetAnalyticsPage() {
  return <AnalyticsRoute embedded={false} />;
}

export function EmbedAnalyticsPage() {
  return <AnalyticsRoute embedded />;
}

// Widget analytics (spec 003 sections 2 and 4): a hand-written dashboard view of the analytics
// calls, at /user/dashboard/analytics/{componentId} and, without the back link, at
// /embed/analytics/{componentId} (a frame that posts its height to the parent).
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AnalyticsBreakdown, WidgetClientAnalytics, WidgetEngagementAnalytics } from '../../../../../generated/client/types.gen';
import { WidgetEngagementSubtypeSchema } from '../../../../../generated/schemas/WidgetEngagementSubtype';
import { propertyHints } from '../../../../../forms/resource/ui-hints';
import { schemaOf } from '../../../../../forms/schemas';
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

interface SectionProps {
  title: string;
  figures: [string, number][];
  table: { title: string; nameHeader: string; rows: { name: string; count: number }[] };
  chart: { title: string; seriesName: string; series: WidgetClientAnalytics['timestamp']; breakdown: WidgetClientAnalytics['breakdown'] };
  cacheKey: unknown[];
}

/** One half of the screen: its totals, a table of counts and a chart by date. */
function AnalyticsSection({ title, figures, table, chart, cacheKey }: SectionProps) {
  return (
    <>
      <Figures title={title} figures={figures} />
      <div className="wa-grid">
        <section className="card" aria-label={table.title}>
          <h2>{table.title}</h2>
          <CountTable label={table.title} nameHeader={table.nameHeader} rows={table.rows} cacheKey={cacheKey} />
        </section>
        <section className="card" aria-label={chart.title}>
          <h2>{chart.title}</h2>
          <Chart label={chart.title} option={byDateOption({ series: chart.series, breakdown: chart.breakdown, name: chart.seriesName })} height={260} />
        </section>
      </div>
    </>
  );
}

const clientSection = (data: WidgetClientAnalytics): Omit<SectionProps, 'cacheKey'> => ({
  title: 'Installations & Pageviews',
  figures: [['Installs', data.eventType.install], ['Impressions', data.eventType.impression], ['Pageviews', data.eventType.view]],
  table: { title: 'Top Hosts', nameHeader: 'Host', rows: data.host.map((entry) => ({ name: entry.host, count: entry.count })) },
  chart: { title: 'Impressions by Date', seriesName: 'Impressions', series: data.timestamp, breakdown: data.breakdown },
});

// The document's words for each subtype (x-ui labels on WidgetEngagementSubtype); others show as sent.
const SUBTYPE_LABELS = propertyHints(schemaOf(WidgetEngagementSubtypeSchema)).labels ?? {};
const subtypeLabel = (subtype: string): string => (Object.hasOwn(SUBTYPE_LABELS, subtype) ? SUBTYPE_LABELS[subtype] : subtype);

const engagementSection = (data: WidgetEngagementAnalytics): Omit<SectionProps, 'cacheKey'> => ({
  title: 'Engagement Events',
  figures: [['All events', data.summary.all], ['Conversions', data.summary.conversions], ['Interactions', data.summary.interactions]],
  table: { title: 'Events Breakdown', nameHeader: 'Event', rows: data.events.map((entry) => ({ name: subtypeLabel(entry.subtype), count: entry.count })) },
  chart: { title: 'Events by Date', seriesName: 'Events', series: data.timestamp, breakdown: data.breakdown },
});

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
        {client && <AnalyticsSection {...clientSection(client)} cacheKey={cacheKey} />}
        {engagement && <AnalyticsSection {...engagementSection(engagement)} cacheKey={cacheKey} />}
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

// The widget events bench's batches: 20 events over four widgets and two hosts (impressions,
// a view and two engagement subtypes each), and the floor's batch of 20 events that all fail
// their check (same size, parsed, metered and judged, but nothing counted). The counted run's
// batch has the same shape with kinds the counters take one for one (installs and engagement
// subtypes other than a vote): impressions, views and votes count once per visitor and day
// (issue 19), so repeating a batch adds nothing for them and "lost" could not be told from "seen".
export const EVENT_WIDGETS = ['bench-events-1', 'bench-events-2', 'bench-events-3', 'bench-events-4'];
export const BATCH_SIZE = 20;

const goodEvents = EVENT_WIDGETS.flatMap((widgetId, i) => {
  const host = i % 2 === 0 ? 'shop.bench.example' : 'blog.bench.example';
  return [
    { widgetId, type: 'impression', host },
    { widgetId, type: 'impression', host },
    { widgetId, type: 'view', host },
    { widgetId, type: 'engagement', subtype: 'vote', host },
    { widgetId, type: 'engagement', subtype: 'button', host },
  ];
});

export const GOOD_BATCH = JSON.stringify({ events: goodEvents });

const oneForOne = EVENT_WIDGETS.flatMap((widgetId, i) => {
  const host = i % 2 === 0 ? 'shop.bench.example' : 'blog.bench.example';
  return [
    { widgetId, type: 'install', host },
    { widgetId, type: 'engagement', subtype: 'link', host },
    { widgetId, type: 'engagement', subtype: 'share', host },
    { widgetId, type: 'engagement', subtype: 'conversion', host },
    { widgetId, type: 'engagement', subtype: 'button', host },
  ];
});

export const COUNTED_BATCH = JSON.stringify({ events: oneForOne });
export const REFUSED_BATCH = JSON.stringify({ events: goodEvents.map((event) => ({ ...event, type: 'click' })) });

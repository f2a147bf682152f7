// The widget events bench's batches: 20 events over four widgets and two hosts (impressions,
// a view and two engagement subtypes each), and the floor's batch of 20 events that all fail
// their check (same size, parsed, metered and judged, but nothing counted).
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
export const REFUSED_BATCH = JSON.stringify({ events: goodEvents.map((event) => ({ ...event, type: 'click' })) });

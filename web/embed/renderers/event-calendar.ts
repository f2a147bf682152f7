import type { EventCalendarSettings } from '../../../generated/client/types.gen';
import { h, link, safeUrl } from '../dom';
import { setColors } from '../style-vars';
import type { WidgetType } from '../types';

type CalendarEvent = NonNullable<EventCalendarSettings['events']>[number];
interface Dated extends CalendarEvent {
  from: Date;
  to: Date;
}

const HOUR = 3_600_000;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The owner's time zone when the browser knows it, else the visitor's (undefined). */
function zoneOf(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** The events that have a valid start, by start; without an end (or one before the start) an hour long. */
export function datedEvents(events: CalendarEvent[]): Dated[] {
  return events
    .map((event) => {
      const from = new Date(event.start);
      const end = event.end ? new Date(event.end) : null;
      return { ...event, from, to: end && end > from ? end : new Date(from.getTime() + HOUR) };
    })
    .filter(({ from }) => !Number.isNaN(from.getTime()))
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

const stamp = (date: Date): string => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
// RFC 5545 text: backslash, comma and semicolon escaped, line breaks as \n, so a setting cannot add lines.
const icsText = (text: string): string => text.replace(/\\/g, '\\\\').replace(/[;,]/g, '\\$&').replace(/\r\n|\r|\n/g, '\\n');

export function icsFile(event: Dated): string {
  const url = safeUrl(event.link);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nindo//Event calendar//EN',
    'BEGIN:VEVENT',
    `UID:${stamp(event.from)}-${encodeURIComponent(event.title).slice(0, 40)}@nindo`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(event.from)}`,
    `DTEND:${stamp(event.to)}`,
    `SUMMARY:${icsText(event.title)}`,
    event.location ? `LOCATION:${icsText(event.location)}` : '',
    event.description ? `DESCRIPTION:${icsText(event.description)}` : '',
    url.startsWith('http') ? `URL:${icsText(url)}` : '',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.filter(Boolean).join('\r\n');
}

export function googleCalendarUrl(event: Dated): string {
  const query = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates: `${stamp(event.from)}/${stamp(event.to)}`, details: event.description ?? '', location: event.location ?? '' });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

function eventRow({ event, timeZone, withCalendar, track }: { event: Dated; timeZone?: string; withCalendar: boolean; track: () => void }): HTMLElement {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(undefined, { timeZone, ...options }).format(event.from);
  const when = `${part({ weekday: 'short', month: 'short', day: 'numeric' })} · ${new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' }).formatRange(event.from, event.to)}`;
  const file = `data:text/calendar;charset=utf-8,${encodeURIComponent(icsFile(event))}`;
  return h('li', { class: 'ev' }, [
    h('div', { class: 'day', attrs: { 'aria-hidden': 'true' } }, [h('span', { text: part({ month: 'short' }) }), h('b', { text: part({ day: 'numeric' }) })]),
    h('div', { class: 'body' }, [
      h('h3', { text: event.title }),
      h('p', { class: 'when', text: when }),
      event.location ? h('p', { class: 'where', text: event.location }) : null,
      event.description ? h('p', { class: 'desc', text: event.description }) : null,
      h('p', { class: 'acts' }, [
        event.link && safeUrl(event.link) !== '#' ? link({ url: event.link, text: 'Details', className: 'button', onClick: track }) : null,
        withCalendar ? link({ url: googleCalendarUrl(event), text: 'Google Calendar', className: 'add', onClick: track }) : null,
        withCalendar ? h('a', { class: 'add', text: 'Download .ics', attrs: { href: file, download: `${event.title.replace(/[^\w-]+/g, '-').slice(0, 40) || 'event'}.ics` }, onClick: track }) : null,
      ]),
    ]),
  ]);
}

/** A month's table, Monday first, each day listing its events' titles. */
function monthGrid({ events, timeZone, start }: { events: Dated[]; timeZone?: string; start: Date }): HTMLElement {
  const key = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const byDay = new Map<string, string[]>();
  for (const event of events) byDay.set(key.format(event.from), [...(byDay.get(key.format(event.from)) ?? []), event.title]);
  const [year, month] = key.format(start).split('-').map(Number);
  let cursor = new Date(Date.UTC(year, month - 1, 1));
  const caption = h('span', { attrs: { 'aria-live': 'polite' } });
  const table = h('table', { class: 'month' });
  const draw = () => {
    caption.textContent = cursor.toLocaleDateString(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const lead = (cursor.getUTCDay() + 6) % 7;
    const days = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 0)).getUTCDate();
    const cells: HTMLElement[] = Array.from({ length: lead }, () => h('td'));
    for (let day = 1; day <= days; day += 1) {
      const titles = byDay.get(new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth(), day)).toISOString().slice(0, 10)) ?? [];
      cells.push(h('td', { class: titles.length ? 'has' : '' }, [h('span', { class: 'n', text: String(day) }), ...titles.map((title) => h('span', { class: 't', text: title }))]));
    }
    const rows = Array.from({ length: Math.ceil(cells.length / 7) }, (_, i) => h('tr', {}, cells.slice(i * 7, i * 7 + 7)));
    table.replaceChildren(h('thead', {}, [h('tr', {}, WEEKDAYS.map((day) => h('th', { text: day, attrs: { scope: 'col' } })))]), h('tbody', {}, rows));
  };
  const step = (by: number, label: string, text: string) =>
    h('button', { class: 'nav', text, attrs: { type: 'button', 'aria-label': label }, onClick: () => ((cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + by, 1))), draw()) });
  draw();
  return h('div', { class: 'grid' }, [h('div', { class: 'head' }, [step(-1, 'Previous month', '‹'), caption, step(1, 'Next month', '›')]), table]);
}

export const eventCalendar: WidgetType<EventCalendarSettings> = {
  css: `.ec{padding:20px;background:var(--bg,#fff);color:var(--text,#111827);--accent:#2563eb}.ec h2{margin:0 0 14px;font-size:1.4em}
.list{list-style:none;margin:0;padding:0}.ev{display:flex;gap:14px;padding:14px 0;border-top:1px solid rgba(127,127,127,.2)}.body{min-width:0;overflow-wrap:anywhere}
.day{flex:none;width:56px;text-align:center;border-radius:10px;padding:6px 0;background:var(--accent);color:#fff;line-height:1.1;align-self:flex-start}.day span{display:block;font-size:.75em;text-transform:uppercase}.day b{font-size:1.5em}
.ev h3{margin:0 0 2px;font-size:1.05em}.ev p{margin:2px 0}.when{font-weight:600}.where,.desc{opacity:.8}.acts{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:center;margin-top:8px!important}
.add{color:var(--accent);font-weight:600;font-size:.9em}.add:focus-visible,.button:focus-visible,.nav:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.zone,.empty{opacity:.7;font-size:.85em}.grid{margin:0 0 16px}.head{display:flex;align-items:center;justify-content:space-between;font-weight:700;margin:0 0 8px}
.nav{all:unset;cursor:pointer;width:32px;height:32px;display:grid;place-items:center;border-radius:50%;font-size:1.3em;border:1px solid rgba(127,127,127,.3)}
.month{width:100%;border-collapse:collapse;table-layout:fixed}.month th{font-size:.75em;opacity:.7;padding:4px 0}.month td{vertical-align:top;height:64px;padding:4px;border:1px solid rgba(127,127,127,.18);overflow:hidden}
.n{display:block;font-size:.8em}.has .n{display:inline-grid;place-items:center;width:22px;height:22px;border-radius:50%;background:var(--accent);color:#fff;font-weight:700}
.t{display:block;font-size:.72em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;color:var(--accent);font-weight:600}
@container (max-width:520px){.t{display:none}.month td{height:40px}}.ec{container-type:inline-size}`,
  render: ({ root, settings, track }) => {
    setColors(root, { '--accent': settings.accentColor, '--bg': settings.background, '--text': settings.textColor });
    const timeZone = zoneOf(settings.timeZone);
    const now = Date.now();
    const events = datedEvents(settings.events ?? []).filter(({ to }) => settings.hidePast === false || to.getTime() >= now);
    const view = settings.view ?? 'list';
    const listed = events.slice(0, Math.min(100, Math.max(1, settings.maxEvents ?? 10)));
    const zoneName = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    root.append(
      h('section', { class: 'ec' }, [
        settings.title ? h('h2', { text: settings.title }) : null,
        view !== 'list' ? monthGrid({ events, timeZone, start: events[0]?.from ?? new Date(now) }) : null,
        view !== 'month'
          ? listed.length
            ? h('ul', { class: 'list' }, listed.map((event) => eventRow({ event, timeZone, withCalendar: settings.addToCalendar !== false, track: () => track('link') })))
            : h('p', { class: 'empty', text: 'No upcoming events.' })
          : null,
        h('p', { class: 'zone', text: `Times in ${zoneName.replace(/_/g, ' ')}` }),
      ]),
    );
  },
};

import type { BusinessHoursDay, BusinessHoursSettings } from '../../../generated/client/types.gen';
import { accent, h } from '../dom';
import type { WidgetType } from '../types';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const DAY_MS = 86_400_000;
const HEX = /^#[0-9a-f]{6}$/i;

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** 0 for Monday. */
const weekdayOf = (date: string): number => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Today's date (YYYY-MM-DD) and the minutes past midnight in `timeZone`; undefined for a zone the browser does not know. */
export function zonedNow({ now, timeZone }: { now: Date; timeZone: string }): { date: string; minute: number } | undefined {
  try {
    const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const part = Object.fromEntries(format.formatToParts(now).map(({ type, value }) => [type, value]));
    return { date: `${part.year}-${part.month}-${part.day}`, minute: (Number(part.hour) % 24) * 60 + Number(part.minute) };
  } catch {
    return undefined;
  }
}

/** The hours of a date: its special day's when it has one, else its weekday's. */
const dayOn = (settings: BusinessHoursSettings, date: string): BusinessHoursDay | undefined =>
  settings.specialDays?.find((special) => special.date === date) ?? settings[DAYS[weekdayOf(date)]];

/** Open spans in minutes from today's midnight, yesterday's to next week's (a closing time at or before the opening runs past midnight). */
function openSpans(settings: BusinessHoursSettings, today: string): [number, number][] {
  const spans: [number, number][] = [];
  for (let offset = -1; offset <= 7; offset++) {
    const day = dayOn(settings, addDays(today, offset));
    if (!day?.open) continue;
    const base = offset * 1440;
    if (!day.ranges?.length) spans.push([base, base + 1440]);
    for (const { from, to } of day.ranges ?? []) {
      const start = minutesOf(from);
      const end = minutesOf(to);
      spans.push([base + start, base + end + (end <= start ? 1440 : 0)]);
    }
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** Open now and until when, or closed and when it opens next (minutes from today's midnight). */
export function hoursStatus({ settings, today, minute }: { settings: BusinessHoursSettings; today: string; minute: number }): { open: boolean; at?: number } {
  const spans = openSpans(settings, today);
  const current = spans.find(([start, end]) => start <= minute && minute < end);
  if (!current) return { open: false, at: spans.find(([start]) => start > minute)?.[0] };
  let until = current[1];
  // Hours that go on into the next span (22:00-00:00, then 00:00-02:00) close at the last one's end.
  for (const [start, end] of spans) if (start <= until && end > until) until = end;
  return { open: true, at: until };
}

export function clock(minute: number, format?: string): string {
  const hour = Math.floor(minute / 60) % 24;
  const mm = String(minute % 60).padStart(2, '0');
  return format === '12h' ? `${hour % 12 || 12}:${mm} ${hour < 12 ? 'AM' : 'PM'}` : `${String(hour).padStart(2, '0')}:${mm}`;
}

function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  }
}

export const businessHours: WidgetType<BusinessHoursSettings> = {
  css: `.bh{max-width:560px;margin:0 auto;padding:24px;border-radius:14px;background:var(--card,#fff);color:var(--text,#111827)}.bh h2{margin:0 0 10px;font-size:1.35em}
.st{display:inline-flex;align-items:center;gap:8px;margin:0 0 12px;padding:4px 12px;border-radius:99px;font-weight:600;font-size:.9em;background:color-mix(in srgb,currentColor 8%,transparent)}
.st::before{content:'';width:9px;height:9px;border-radius:50%;background:#9ca3af}.on::before{background:var(--accent);box-shadow:0 0 0 3px color-mix(in srgb,var(--accent) 30%,transparent)}
table{width:100%;border-collapse:collapse}th,td{padding:9px 0;font-weight:400;text-align:left;vertical-align:top;border-bottom:1px solid color-mix(in srgb,currentColor 12%,transparent)}
td{text-align:right;padding-left:12px}.today th,.today td{font-weight:700}.today th{box-shadow:inset 3px 0 var(--accent);padding-left:10px}.off td{opacity:.65}
.bh h3{margin:20px 0 2px;font-size:1em}.d{display:block;font-size:.85em;opacity:.7}`,
  render: ({ root, settings }) => {
    accent(root, settings.accentColor);
    for (const [name, color] of [['--card', settings.cardColor], ['--text', settings.textColor]] as const) if (color && HEX.test(color)) root.style.setProperty(name, color);
    const format = settings.timeFormat;
    const longDay = dateFormat(settings.locale, { weekday: 'long' });
    const shortDay = dateFormat(settings.locale, { weekday: 'short' });
    const dayDate = dateFormat(settings.locale, { day: 'numeric', month: 'short' });
    // 2024-01-01 was a Monday: the week's names in the owner's language.
    const weekday = (index: number, names = longDay) => names.format(new Date(Date.UTC(2024, 0, 1 + index)));
    const hoursText = (day: BusinessHoursDay | undefined) => {
      if (!day?.open) return settings.closedText ?? 'Closed';
      if (!day.ranges?.length) return settings.allDayText ?? 'Open 24 hours';
      return day.ranges.map(({ from, to }) => `${clock(minutesOf(from), format)} – ${clock(minutesOf(to), format)}`).join(', ');
    };
    const row = ({ day, label, note, today }: { day: BusinessHoursDay | undefined; label: string; note?: string; today?: boolean }) =>
      h('tr', { class: `${today ? 'today' : ''}${day?.open ? '' : ' off'}`.trim() }, [
        h('th', { text: label, attrs: { scope: 'row' } }, [note && h('span', { class: 'd', text: note })]),
        h('td', { text: hoursText(day) }),
      ]);
    const now = () => zonedNow({ now: new Date(), timeZone: settings.timezone ?? 'UTC' });
    const at = now();
    const todayIndex = at ? weekdayOf(at.date) : -1;
    const rows: HTMLTableRowElement[] = [];
    for (let first = 0; first < 7; ) {
      let last = first;
      const text = hoursText(settings[DAYS[first]]);
      if (settings.layout === 'compact') while (last < 6 && hoursText(settings[DAYS[last + 1]]) === text) last++;
      const label = first === last ? weekday(first, settings.layout === 'compact' ? shortDay : longDay) : `${weekday(first, shortDay)} – ${weekday(last, shortDay)}`;
      rows.push(row({ day: settings[DAYS[first]], label, today: todayIndex >= first && todayIndex <= last }));
      first = last + 1;
    }
    const upcoming = (settings.specialDays ?? []).filter(({ date }) => !at || date >= at.date).sort((a, b) => a.date.localeCompare(b.date));
    const special = upcoming.map((day) => {
      const date = dayDate.format(new Date(`${day.date}T00:00:00Z`));
      return row({ day, label: day.label || date, note: day.label ? date : undefined, today: day.date === at?.date });
    });
    const status = h('p', { class: 'st', attrs: { role: 'status' } });
    const showStatus = () => {
      const current = now();
      if (!current) return status.remove();
      const { open, at: next } = hoursStatus({ settings, today: current.date, minute: current.minute });
      const when = next === undefined ? '' : `${!open && Math.floor(next / 1440) > 0 ? `${weekday(weekdayOf(addDays(current.date, Math.floor(next / 1440))), shortDay)} ` : ''}${clock(next % 1440, format)}`;
      const text = open ? `${settings.openNowText ?? 'Open now'} · ${settings.closesText ?? 'Closes'} ${when}` : `${settings.closedNowText ?? 'Closed now'}${when ? ` · ${settings.opensText ?? 'Opens'} ${when}` : ''}`;
      status.classList.toggle('on', open);
      if (status.textContent !== text) status.textContent = text;
    };
    root.append(
      h('div', { class: 'bh' }, [
        settings.title && h('h2', { text: settings.title }),
        settings.showStatus !== false && status,
        h('table', {}, [h('tbody', {}, rows)]),
        special.length > 0 && settings.specialDaysTitle && h('h3', { text: settings.specialDaysTitle }),
        special.length > 0 && h('table', {}, [h('tbody', {}, special)]),
      ]),
    );
    if (settings.showStatus === false) return undefined;
    showStatus();
    const timer = setInterval(showStatus, 30_000);
    return () => clearInterval(timer);
  },
};

/** @jest-environment ./test/web/jsdom-environment.ts */
// Business hours as a visitor meets them in a shadow root: the week (full or compact), today
// marked, upcoming special days, and the "Open now" badge worked out in the business's own time
// zone (past midnight and special days included), kept current while the page stays open.
import { hoursStatus, zonedNow } from '../../web/embed/renderers/business-hours';
import { checkSettings } from '../../server/services/widget-embed/settings-schemas';
import { mountWidget } from '../../web/embed/mount';
import { checked, defaultsOf, drawWidget, templatesOf } from './draw-widget';

const TYPE = 'business-hours';
const draw = (settings: Record<string, unknown> = {}) => drawWidget(TYPE, settings);

afterEach(() => document.body.replaceChildren());

it.each(templatesOf(TYPE).map((template) => [template.id, template.settings] as const))('draws its %s template, whose settings fit the schema', (_id, settings) => {
  expect(() => checked(TYPE, settings)).not.toThrow();
  const { drawn, text } = draw(settings);
  expect(drawn).toBe(true);
  expect(text().length).toBeGreaterThan(20);
});

it('has at least three templates', () => {
  expect(templatesOf(TYPE).length).toBeGreaterThanOrEqual(3);
});

const at = (iso: string) => jest.useFakeTimers({ now: new Date(iso) });
const status = (shadow: ShadowRoot) => shadow.querySelector('.st')?.textContent;
const rows = (shadow: ShadowRoot, table = 0) =>
  [...(shadow.querySelectorAll('table')[table]?.querySelectorAll('tr') ?? [])].map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]);
const template = (id: string) => templatesOf(TYPE).find((entry) => entry.id === id)?.settings ?? {};

afterEach(() => jest.useRealTimers());

it('shows the week from Monday with today marked and says it is open until closing time in New York', () => {
  at('2026-12-02T15:00:00Z'); // Wednesday 10:00 in New York
  const { shadow } = draw();
  expect(shadow.querySelector('h2')?.textContent).toBe('Opening hours');
  expect(status(shadow)).toBe('Open now · Closes 18:00');
  expect(shadow.querySelector('.st')?.classList.contains('on')).toBe(true);
  expect(shadow.querySelector('.st')?.getAttribute('role')).toBe('status');
  expect(rows(shadow)).toEqual([
    ['Monday', '09:00 – 18:00'],
    ['Tuesday', '09:00 – 18:00'],
    ['Wednesday', '09:00 – 18:00'],
    ['Thursday', '09:00 – 18:00'],
    ['Friday', '09:00 – 18:00'],
    ['Saturday', '10:00 – 14:00'],
    ['Sunday', 'Closed'],
  ]);
  expect(shadow.querySelector('tr.today th')?.textContent).toBe('Wednesday');
});

it('says when it opens next: later today, tomorrow, or after a closed Sunday', () => {
  at('2026-12-02T23:30:00Z'); // Wednesday 18:30
  expect(status(draw().shadow)).toBe('Closed now · Opens Thu 09:00');
  at('2026-12-02T12:00:00Z'); // Wednesday 07:00
  expect(status(draw().shadow)).toBe('Closed now · Opens 09:00');
  at('2026-12-05T20:00:00Z'); // Saturday 15:00
  expect(status(draw().shadow)).toBe('Closed now · Opens Mon 09:00');
});

it('works the badge out in the business time zone, not the visitor’s', () => {
  at('2026-12-02T18:30:00Z'); // 19:30 in Berlin, 13:30 in New York
  expect(status(draw({ timezone: 'Europe/Berlin' }).shadow)).toBe('Closed now · Opens Thu 09:00');
  expect(status(draw({ timezone: 'America/New_York' }).shadow)).toBe('Open now · Closes 18:00');
  expect(zonedNow({ now: new Date('2026-12-02T23:30:00Z'), timeZone: 'Asia/Tokyo' })).toEqual({ date: '2026-12-03', minute: 8 * 60 + 30 });
});

it('follows special days: short hours on Christmas Eve, closed on Christmas Day', () => {
  at('2026-12-24T19:00:00Z'); // Thursday 14:00, Christmas Eve open 09:00-13:00
  const { shadow } = draw();
  expect(status(shadow)).toBe('Closed now · Opens Sat 10:00');
  expect(shadow.querySelector('h3')?.textContent).toBe('Holidays and special hours');
  expect(rows(shadow, 1)).toEqual([
    ['Christmas EveDec 24', '09:00 – 13:00'],
    ['Christmas DayDec 25', 'Closed'],
    ["New Year's DayJan 1", 'Closed'],
  ]);
  expect(shadow.querySelector('table:nth-of-type(2) tr.today th')?.firstChild?.textContent).toBe('Christmas Eve');
  at('2026-12-26T15:00:00Z');
  expect(rows(draw().shadow, 1)).toEqual([["New Year's DayJan 1", 'Closed']]);
});

it('keeps a bar open past midnight until its closing time', () => {
  const bar = template('late-bar');
  expect(hoursStatus({ settings: { ...defaultsOf(TYPE), ...bar }, today: '2026-12-05', minute: 60 })).toEqual({ open: true, at: 120 });
  at('2026-12-05T01:00:00Z'); // Saturday 01:00 in London, Friday's 17:00-02:00
  expect(status(draw(bar).shadow)).toBe('Open now · Closes 02:00');
  at('2026-12-02T23:30:00Z'); // Wednesday 18:00-00:00, then Thursday from 18:00
  expect(status(draw(bar).shadow)).toBe('Open now · Closes 00:00');
});

it('groups equal days in the compact layout and writes a 12-hour clock', () => {
  at('2026-12-02T15:00:00Z');
  const { shadow } = draw({ layout: 'compact', timeFormat: '12h' });
  expect(rows(shadow)).toEqual([
    ['Mon – Fri', '9:00 AM – 6:00 PM'],
    ['Sat', '10:00 AM – 2:00 PM'],
    ['Sun', 'Closed'],
  ]);
  expect(shadow.querySelector('tr.today th')?.textContent).toBe('Mon – Fri');
  expect(status(shadow)).toBe('Open now · Closes 6:00 PM');
});

it('names the days in the chosen language and says "open 24 hours" for an open day without hours', () => {
  at('2026-12-02T15:00:00Z');
  const { shadow } = draw({ locale: 'de-DE', sunday: { open: true, ranges: [] } });
  expect(rows(shadow)[0][0]).toBe('Montag');
  expect(rows(shadow)[6]).toEqual(['Sonntag', 'Open 24 hours']);
});

it('moves the badge on while the page stays open, and stops its timer when drawn again', () => {
  at('2026-12-02T22:50:00Z'); // Wednesday 17:50
  const host = document.createElement('div');
  document.body.append(host);
  const mount = () => mountWidget({ host, type: 'business-hours', widgetId: 'w', settings: defaultsOf(TYPE), track: jest.fn(), read: jest.fn() });
  mount();
  expect(status(host.shadowRoot as ShadowRoot)).toBe('Open now · Closes 18:00');
  jest.advanceTimersByTime(15 * 60_000);
  expect(status(host.shadowRoot as ShadowRoot)).toBe('Closed now · Opens Thu 09:00');
  mount();
  expect(jest.getTimerCount()).toBe(1);
});

it('leaves the badge out for a time zone the browser does not know or when turned off, and draws hostile texts as text', () => {
  at('2026-12-02T15:00:00Z');
  const unknown = draw({ timezone: 'Mars/Olympus_Mons' });
  expect(unknown.shadow.querySelector('.st')).toBeNull();
  expect(unknown.shadow.querySelectorAll('table tr')).toHaveLength(7 + 3);
  expect(draw({ showStatus: false }).shadow.querySelector('.st')).toBeNull();
  const long = 'z'.repeat(3000);
  const { shadow } = draw({ title: '<script>alert(1)</script>', closedText: long, specialDays: [], locale: 'xx' });
  expect(shadow.querySelector('h2')?.textContent).toBe('<script>alert(1)</script>');
  expect(shadow.querySelector('script')).toBeNull();
  expect(rows(shadow)[6][1]).toBe(long);
  expect(shadow.querySelector('h3')).toBeNull();
});

it('refuses impossible times, a third range, and a time zone that is not a zone name', () => {
  const check = (settings: Record<string, unknown>) => () => checkSettings({ type: 'business-hours', settings });
  expect(check({ monday: { open: true, ranges: [{ from: '25:00', to: '18:00' }] } })).toThrow('These settings do not fit this widget type');
  const range = { from: '09:00', to: '10:00' };
  expect(check({ monday: { open: true, ranges: [range, range, range] } })).toThrow();
  expect(check({ timezone: 'Europe/Berlin"; alert(1)' })).toThrow();
  expect(check({ specialDays: [{ date: '2026-13-01', open: false }] })).toThrow();
  expect(check({ timezone: 'Asia/Kolkata', monday: { open: true, ranges: [{ from: '22:00', to: '02:00' }] } })).not.toThrow();
});

/** @jest-environment ./test/web/jsdom-environment.ts */
// The event calendar: upcoming events in order (past ones hidden), in the chosen time zone, each
// with its links and "Add to calendar" (Google Calendar, an .ics file that settings cannot break),
// and the month grid with its navigation.
import { datedEvents, googleCalendarUrl, icsFile } from '../../web/embed/renderers/event-calendar';
import { LONG, checked, drawWidget, templatesOf } from './draw-widget';

afterEach(() => document.body.replaceChildren());

const EVENTS = [
  { title: 'Later', start: '2099-05-02T10:00:00.000Z', end: '2099-05-02T12:00:00.000Z', link: 'https://example.com/later' },
  { title: 'Past', start: '2001-01-01T10:00:00.000Z' },
  { title: 'Sooner', start: '2099-05-01T09:00:00.000Z', location: 'Town hall' },
  { title: 'Broken', start: 'someday' },
];

it('lists the default upcoming events with their place, link and calendar links', () => {
  const { drawn, all, text } = drawWidget('event-calendar');
  expect(drawn).toBe(true);
  expect(all('.ev h3').map((title) => title.textContent)).toEqual(['Spring open day', "Beginners' workshop", 'Summer market']);
  expect(text()).toContain('Main Street 12, Springfield');
  expect(all('.ev')[0].querySelector('a.button')?.getAttribute('href')).toBe('https://example.com/open-day');
  expect(all('.ev')[2].querySelector('a.button')).toBeNull();
  expect(text()).toMatch(/Times in \S/);
});

it('hides past events and events without a valid start, sorted by start, unless past ones are wanted', () => {
  expect(drawWidget('event-calendar', { events: EVENTS }).all('.ev h3').map((title) => title.textContent)).toEqual(['Sooner', 'Later']);
  expect(drawWidget('event-calendar', { events: EVENTS, hidePast: false }).all('.ev h3').map((title) => title.textContent)).toEqual(['Past', 'Sooner', 'Later']);
  expect(drawWidget('event-calendar', { events: EVENTS, maxEvents: 1 }).all('.ev').length).toBe(1);
});

it('shows times in the owner time zone and names it', () => {
  const { all, text } = drawWidget('event-calendar', { events: [EVENTS[0]], timeZone: 'Asia/Tokyo' });
  expect(all('.when')[0].textContent).toMatch(/7:00\s?–\s?9:00\sPM/);
  expect(text()).toContain('Times in Asia/Tokyo');
  expect(drawWidget('event-calendar', { events: [EVENTS[0]], timeZone: 'Not/AZone' }).text()).not.toContain('Not/AZone');
});

it('offers Google Calendar and an .ics download, reporting each as a link', () => {
  const { all, track } = drawWidget('event-calendar', { events: [EVENTS[0]] });
  const [details, google, ics] = [...all('.ev')[0].querySelectorAll('a')];
  expect(google.getAttribute('href')).toBe('https://calendar.google.com/calendar/render?action=TEMPLATE&text=Later&dates=20990502T100000Z%2F20990502T120000Z&details=&location=');
  expect(ics.getAttribute('href')).toMatch(/^data:text\/calendar;charset=utf-8,BEGIN%3AVCALENDAR/);
  expect(ics.getAttribute('download')).toBe('Later.ics');
  details.click();
  ics.click();
  expect(track).toHaveBeenCalledTimes(2);
  expect(track).toHaveBeenCalledWith('link');
});

it('escapes event texts in the .ics file, so a setting cannot add its own lines', () => {
  const [event] = datedEvents([{ title: 'A; B, C\r\nATTENDEE:evil@example.com', start: '2099-01-01T10:00:00.000Z', description: 'line\nnext', link: 'javascript:alert(1)' }]);
  const lines = icsFile(event).split('\r\n');
  expect(lines).toContain('SUMMARY:A\\; B\\, C\\nATTENDEE:evil@example.com');
  expect(lines).toContain('DESCRIPTION:line\\nnext');
  expect(lines).toContain('DTEND:20990101T110000Z');
  expect(lines.some((line) => line.startsWith('ATTENDEE') || line.startsWith('URL'))).toBe(false);
  expect(googleCalendarUrl(event)).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?/);
});

it('draws the month of the first event with its titles on their days, and moves between months', () => {
  const { shadow, all } = drawWidget('event-calendar', { events: EVENTS, view: 'month', timeZone: 'UTC' });
  expect(shadow.querySelector('.list')).toBeNull();
  expect(shadow.querySelector('.head span')?.textContent).toBe('May 2099');
  expect(all('td.has').map((day) => day.textContent)).toEqual(['1Sooner', '2Later']);
  expect(all('th').map((day) => day.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  shadow.querySelector<HTMLButtonElement>('[aria-label="Next month"]')?.click();
  expect(shadow.querySelector('.head span')?.textContent).toBe('June 2099');
  expect(all('td.has')).toEqual([]);
});

it.each(templatesOf('event-calendar').map((template) => [template.id, template]))('draws the %s template, which the server accepts', (_id, template) => {
  expect(() => checked('event-calendar', template.settings)).not.toThrow();
  expect(drawWidget('event-calendar', template.settings).all('.ev').length).toBe(3);
});

it('draws an empty list, long texts and a javascript: link safely', () => {
  expect(drawWidget('event-calendar', { events: [] }).text()).toContain('No upcoming events.');
  const { all } = drawWidget('event-calendar', { events: [{ title: LONG.slice(0, 120), start: '2099-01-01T10:00:00.000Z', description: LONG.slice(0, 1000), link: 'javascript:alert(1)' }] });
  expect(all('.ev a.button')).toEqual([]);
  expect(() => checked('event-calendar', { events: [{ title: 'x', start: '2099-01-01T10:00:00.000Z', link: 'javascript:alert(1)' }] })).toThrow('These settings do not fit this widget type');
  expect(templatesOf('event-calendar').length).toBeGreaterThanOrEqual(3);
});

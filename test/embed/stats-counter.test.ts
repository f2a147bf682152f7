/** @jest-environment ./test/web/jsdom-environment.ts */
// The stats counter: final values for screen readers at once, the digits counting up only once
// the widget is scrolled into view, and at once for visitors who ask for reduced motion.
import { formatStat } from '../../web/embed/renderers/stats-counter';
import { LONG, checked, drawWidget, templatesOf } from './draw-widget';

type Observed = (entries: { isIntersecting: boolean }[]) => void;
let observed: Observed[] = [];
let reduce = false;
let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  observed = [];
  frames = [];
  reduce = false;
  globalThis.IntersectionObserver = class {
    constructor(callback: Observed) {
      observed.push(callback);
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
  globalThis.matchMedia = ((query: string) => ({ matches: reduce && query.includes('reduce') })) as unknown as typeof matchMedia;
  globalThis.requestAnimationFrame = (callback: FrameRequestCallback) => frames.push(callback);
  globalThis.cancelAnimationFrame = () => undefined;
});
afterEach(() => document.body.replaceChildren());

const numbers = (all: (selector: string) => HTMLElement[]) => all('.num').map((number) => number.textContent);

it('formats with the decimals asked for', () => {
  expect(formatStat({ value: 4.9, decimals: 1 })).toBe('4.9');
  expect(formatStat({ value: 25000 })).toBe('25,000');
  expect(formatStat({ value: 25000 }, 12499.6)).toBe('12,500');
});

it('starts at zero, counts up once in view and ends on the final values; screen readers read the final values throughout', () => {
  const { drawn, all } = drawWidget('stats-counter');
  expect(drawn).toBe(true);
  expect(numbers(all)).toEqual(['0+', '0', '0.0/5', '$0M']);
  expect(all('.sr').map((value) => value.textContent)).toEqual(['25,000+', '120', '4.9/5', '$2M']);
  expect(all('.num')[0].getAttribute('aria-hidden')).toBe('true');
  expect(all('.label').map((label) => label.textContent)).toEqual(['Happy customers', 'Countries', 'Average rating', 'Saved by our users']);
  expect(frames).toEqual([]);
  observed[0]([{ isIntersecting: true }]);
  const start = performance.now();
  frames.shift()?.(start + 1000);
  expect(Number(all('.num')[1].textContent)).toBeGreaterThan(60);
  expect(Number(all('.num')[1].textContent)).toBeLessThan(120);
  frames.shift()?.(start + 2500);
  expect(numbers(all)).toEqual(['25,000+', '120', '4.9/5', '$2M']);
  expect(frames).toEqual([]);
});

it('shows the final values at once for reduced motion', () => {
  reduce = true;
  const { all } = drawWidget('stats-counter');
  expect(numbers(all)).toEqual(['25,000+', '120', '4.9/5', '$2M']);
  expect(observed).toEqual([]);
});

it.each(templatesOf('stats-counter').map((template) => [template.id, template]))('draws the %s template, which the server accepts', (_id, template) => {
  expect(() => checked('stats-counter', template.settings)).not.toThrow();
  expect(drawWidget('stats-counter', template.settings).all('.cell').length).toBeGreaterThanOrEqual(3);
});

it('draws long labels and an empty list safely, and refuses a value beyond its limit', () => {
  const { all } = drawWidget('stats-counter', { stats: [{ value: 1, label: `<i>${LONG}</i>`.slice(0, 80) }] });
  expect(all('i')).toEqual([]);
  expect(drawWidget('stats-counter', { stats: [] }).all('.cell')).toEqual([]);
  expect(() => checked('stats-counter', { stats: [{ value: 1e13, label: 'x' }] })).toThrow('These settings do not fit this widget type');
  expect(templatesOf('stats-counter').length).toBeGreaterThanOrEqual(3);
});

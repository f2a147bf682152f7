/** @jest-environment ./test/web/jsdom-environment.ts */
// The image slider as a visitor meets it in a shadow root: slides labelled "2 of 3" in a carousel
// region, arrows, dots, keyboard and swipe, autoplay that pauses on hover and focus and for reduced
// motion, the pause button, loop off, and hostile settings drawn safely.
import { components } from '../../generated/openapi.json';
import { settingsDefaults } from '../../rules/widget-settings';
import type { SettingsSchema } from '../../rules/widget-settings';
import { mountWidget } from '../../web/embed/mount';
import { checkSettings } from '../../server/services/widget-embed/settings-schemas';

const schema = components.schemas.ImageSliderSettings as SettingsSchema & { 'x-templates': { id: string; settings: Record<string, unknown> }[] };

function draw(settings: Record<string, unknown> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const track = jest.fn();
  const drawn = mountWidget({ host, type: 'image-slider', widgetId: `w-${Math.random()}`, settings: { ...settingsDefaults(schema), ...settings }, track, read: jest.fn() });
  const shadow = host.shadowRoot as ShadowRoot;
  const button = (name: string) => shadow.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`) as HTMLButtonElement;
  const slides = () => [...shadow.querySelectorAll<HTMLElement>('[aria-roledescription=slide]')];
  const current = () => slides().find((slide) => !slide.hasAttribute('inert'))?.getAttribute('aria-label');
  const region = shadow.querySelector('[aria-roledescription=carousel]') as HTMLElement;
  return { shadow, track, drawn, button, slides, current, region };
}

const key = (element: Element, name: string) => element.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
const touch = (element: Element, type: string, clientX: number) => element.dispatchEvent(Object.assign(new Event(type, { bubbles: true }), { changedTouches: [{ clientX }] }));
const reducedMotion = (on: boolean) => Object.assign(window, { matchMedia: (query: string) => ({ matches: on && query.includes('reduce') }) });

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  document.body.replaceChildren();
  Reflect.deleteProperty(window, 'matchMedia');
});

it('shows the default slides as a labelled carousel with images, captions, arrows, dots and a pause button', () => {
  const { shadow, drawn, slides, current, region, button } = draw();
  expect(drawn).toBe(true);
  expect(region.getAttribute('aria-label')).toBe('Image slider');
  expect(slides().map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
  expect(current()).toBe('1 of 3');
  const images = [...shadow.querySelectorAll('img')];
  expect(images.map((image) => image.getAttribute('src'))).toEqual(['/widget-media/slide-mountains.svg', '/widget-media/slide-coast.svg', '/widget-media/slide-city.svg'].map((path) => `${location.origin}${path}`));
  expect(images[0].getAttribute('alt')).toBe('Mornings in the mountains');
  expect([...shadow.querySelectorAll('.caption')].map((caption) => caption.textContent)).toEqual(['Mornings in the mountains', 'Summer on the coast', 'The city after dark']);
  expect(button('Previous slide')).toBeTruthy();
  expect(shadow.querySelectorAll('.dot')).toHaveLength(3);
  expect(button('Pause slideshow').textContent).toContain('Pause');
});

it('moves on by itself every interval, pauses while pointed at or focused, and the pause button stops it', () => {
  const { current, region, button } = draw({ interval: 3 });
  jest.advanceTimersByTime(3000);
  expect(current()).toBe('2 of 3');
  region.dispatchEvent(new Event('mouseenter'));
  jest.advanceTimersByTime(10_000);
  expect(current()).toBe('2 of 3');
  region.dispatchEvent(new Event('mouseleave'));
  jest.advanceTimersByTime(3000);
  expect(current()).toBe('3 of 3');
  region.dispatchEvent(new Event('focusin'));
  jest.advanceTimersByTime(10_000);
  expect(current()).toBe('3 of 3');
  region.dispatchEvent(new Event('focusout'));
  button('Pause slideshow').click();
  jest.advanceTimersByTime(10_000);
  expect(current()).toBe('3 of 3');
  expect(button('Play slideshow')).toBeTruthy();
});

it('does not move by itself for a visitor who asks for reduced motion, and offers Play', () => {
  reducedMotion(true);
  const { current, button } = draw();
  jest.advanceTimersByTime(20_000);
  expect(current()).toBe('1 of 3');
  button('Play slideshow').click();
  jest.advanceTimersByTime(5000);
  expect(current()).toBe('2 of 3');
});

it('steps by arrows, dots, the arrow keys and a swipe, reporting each as a button engagement', () => {
  const { shadow, current, button, region, track } = draw({ autoplay: false });
  expect(button('Pause slideshow')).toBeNull();
  button('Next slide').click();
  expect(current()).toBe('2 of 3');
  (shadow.querySelectorAll<HTMLButtonElement>('.dot')[2]).click();
  expect(current()).toBe('3 of 3');
  expect(shadow.querySelectorAll('.dot')[2].getAttribute('aria-current')).toBe('true');
  button('Next slide').click();
  expect(current()).toBe('1 of 3');
  key(button('Next slide'), 'ArrowLeft');
  expect(current()).toBe('3 of 3');
  key(region, 'ArrowRight');
  expect(current()).toBe('1 of 3');
  const view = shadow.querySelector('.view') as HTMLElement;
  touch(view, 'touchstart', 300);
  touch(view, 'touchend', 200);
  expect(current()).toBe('2 of 3');
  touch(view, 'touchstart', 200);
  touch(view, 'touchend', 190);
  expect(current()).toBe('2 of 3');
  expect(track).toHaveBeenCalledTimes(6);
  expect(new Set(track.mock.calls.map(([subtype]) => subtype))).toEqual(new Set(['button']));
});

it('stops at both ends with loop off, its arrows disabled there, and autoplay ends on the last slide', () => {
  const { current, button } = draw({ loop: false, interval: 2 });
  expect(button('Previous slide').disabled).toBe(true);
  jest.advanceTimersByTime(10_000);
  expect(current()).toBe('3 of 3');
  expect(button('Next slide').disabled).toBe(true);
  button('Next slide').click();
  expect(current()).toBe('3 of 3');
});

it('sizes the view by the aspect ratio and hides captions, arrows and dots when turned off', () => {
  const { shadow, button } = draw({ aspectRatio: '1:1', showCaptions: false, showArrows: false, showDots: false });
  expect((shadow.querySelector('.view') as HTMLElement).style.aspectRatio).toBe('1 / 1');
  expect(shadow.querySelector('.caption')).toBeNull();
  expect(button('Next slide')).toBeNull();
  expect(shadow.querySelector('.dots')).toBeNull();
});

it('opens a slide link in a new tab and reports the click as a link engagement', () => {
  const { shadow, track } = draw({ autoplay: false, slides: [{ image: 'https://cdn.example/a.jpg', caption: 'Sale', link: 'https://shop.example/sale' }] });
  const anchor = shadow.querySelector('a') as HTMLAnchorElement;
  expect(anchor.getAttribute('href')).toBe('https://shop.example/sale');
  expect(anchor.target).toBe('_blank');
  expect(shadow.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/a.jpg');
  anchor.click();
  expect(track).toHaveBeenCalledWith('link');
});

it('draws hostile settings safely: a javascript: link and image, very long captions, no slides', () => {
  const long = 'x'.repeat(5000);
  const { shadow } = draw({ slides: [{ image: 'javascript:alert(1)', caption: 'bad' }, { image: '/ok.png', caption: `<b>${long}</b>`, link: 'javascript:alert(1)' }] });
  expect(shadow.querySelectorAll('img')).toHaveLength(1);
  expect(shadow.querySelector('a')).toBeNull();
  expect(shadow.querySelector('b')).toBeNull();
  expect(shadow.querySelector('.caption')?.textContent).toContain(long);
  document.body.replaceChildren();
  expect(draw({ slides: [] }).shadow.textContent).toContain('No slides yet');
});

it('ships at least three templates that fit the schema over the defaults and draw', () => {
  expect(schema['x-templates'].length).toBeGreaterThanOrEqual(3);
  for (const { settings } of schema['x-templates']) {
    expect(() => checkSettings({ type: 'image-slider', settings: { ...settingsDefaults(schema), ...settings } })).not.toThrow();
    expect(draw(settings).slides()).toHaveLength(3);
  }
});

it('plays on after Play is pressed on the pause button, focus staying there', () => {
  reducedMotion(true);
  const { current, button } = draw();
  const play = button('Play slideshow');
  play.focus();
  play.click();
  jest.advanceTimersByTime(5000);
  expect(current()).toBe('2 of 3');
});

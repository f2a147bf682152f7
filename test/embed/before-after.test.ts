/** @jest-environment ./test/web/jsdom-environment.ts */
// The before/after slider: both images with their labels and descriptions, the handle as a
// keyboard slider, dragging with a pointer in either direction, and one engagement per drawing.
import { checked, drawWidget, templatesOf } from './draw-widget';

afterEach(() => document.body.replaceChildren());

const box = (shadow: ShadowRoot) => shadow.querySelector('.ba') as HTMLElement;
const slider = (shadow: ShadowRoot) => shadow.querySelector('[role=slider]') as HTMLElement;
const key = (element: HTMLElement, name: string, shiftKey = false) => element.dispatchEvent(new KeyboardEvent('keydown', { key: name, shiftKey, bubbles: true }));

it('shows the sample images with labels, descriptions and the handle at the start position', () => {
  const { drawn, shadow, all } = drawWidget('before-after');
  expect(drawn).toBe(true);
  expect(all('img').map((img) => img.getAttribute('src'))).toEqual([`${location.origin}/widget-media/room-after.svg`, `${location.origin}/widget-media/room-before.svg`]);
  expect(all('img').map((img) => img.getAttribute('alt'))).toEqual(['After: The same room before and after', 'Before: The same room before and after']);
  expect(all('.tag').map((tag) => tag.textContent)).toEqual(['Before', 'After']);
  expect(slider(shadow).getAttribute('aria-valuenow')).toBe('50');
  expect(slider(shadow).getAttribute('tabindex')).toBe('0');
  expect(box(shadow).style.getPropertyValue('--p')).toBe('50%');
});

it('moves with the arrow keys, Page keys, Home and End, reporting the first move only', () => {
  const { shadow, track } = drawWidget('before-after', { start: 40 });
  const handle = slider(shadow);
  key(handle, 'ArrowRight');
  expect(handle.getAttribute('aria-valuenow')).toBe('41');
  key(handle, 'ArrowLeft', true);
  expect(handle.getAttribute('aria-valuenow')).toBe('31');
  key(handle, 'PageUp');
  expect(handle.getAttribute('aria-valuenow')).toBe('41');
  key(handle, 'End');
  key(handle, 'ArrowRight');
  expect(handle.getAttribute('aria-valuenow')).toBe('100');
  key(handle, 'Home');
  expect(box(shadow).style.getPropertyValue('--p')).toBe('0%');
  expect(track).toHaveBeenCalledTimes(1);
  expect(track).toHaveBeenCalledWith('button');
});

it('follows a pointer drag across the image, and down the image when vertical', () => {
  const pointer = (element: HTMLElement, type: string, x: number, y: number) => element.dispatchEvent(Object.assign(new MouseEvent(type, { clientX: x, clientY: y, bubbles: true }), { pointerId: 1 }));
  for (const [orientation, expected] of [['horizontal', ['25', '75']], ['vertical', ['50', '90']]] as const) {
    const { shadow } = drawWidget('before-after', { orientation });
    const area = box(shadow);
    area.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 200, right: 400, bottom: 200, x: 0, y: 0, toJSON: () => ({}) });
    pointer(area, 'pointerdown', 100, 100);
    expect(slider(shadow).getAttribute('aria-valuenow')).toBe(expected[0]);
    pointer(area, 'pointermove', 300, 180);
    expect(slider(shadow).getAttribute('aria-valuenow')).toBe(expected[1]);
    pointer(area, 'pointerup', 300, 180);
    pointer(area, 'pointermove', 0, 0);
    expect(slider(shadow).getAttribute('aria-valuenow')).toBe(expected[1]);
  }
});

it('moves down with ArrowDown when vertical', () => {
  const { shadow } = drawWidget('before-after', { orientation: 'vertical' });
  key(slider(shadow), 'ArrowDown');
  expect(slider(shadow).getAttribute('aria-valuenow')).toBe('51');
  expect(slider(shadow).getAttribute('aria-orientation')).toBe('vertical');
});

it.each(templatesOf('before-after').map((template) => [template.id, template]))('draws the %s template, which the server accepts', (_id, template) => {
  expect(() => checked('before-after', template.settings)).not.toThrow();
  expect(drawWidget('before-after', template.settings).all('img').length).toBe(2);
});

it('draws no image from a javascript: address, refuses one on save, and hides the labels when asked', () => {
  const { all } = drawWidget('before-after', { beforeImage: 'javascript:alert(1)', afterImage: '//evil.example/x.png', showLabels: false });
  expect(all('img').map((img) => img.getAttribute('src'))).toEqual(['', '']);
  expect(all('.tag')).toEqual([]);
  expect(() => checked('before-after', { beforeImage: 'javascript:alert(1)' })).toThrow('These settings do not fit this widget type');
  expect(templatesOf('before-after').length).toBeGreaterThanOrEqual(3);
});

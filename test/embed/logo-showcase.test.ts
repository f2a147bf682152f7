/** @jest-environment ./test/web/jsdom-environment.ts */
// The logo showcase as a visitor meets it in a shadow root: the heading and each logo with its
// company name as alt text, as a grid or a scrolling strip (its copy hidden from screen readers
// and the keyboard), grey until hovered, links reported, and hostile settings drawn safely.
import { components } from '../../generated/openapi.json';
import { settingsDefaults } from '../../rules/widget-settings';
import type { SettingsSchema } from '../../rules/widget-settings';
import { mountWidget } from '../../web/embed/mount';
import { checkSettings } from '../../server/services/widget-embed/settings-schemas';

const schema = components.schemas.LogoShowcaseSettings as SettingsSchema & { 'x-templates': { id: string; settings: Record<string, unknown> }[] };

function draw(settings: Record<string, unknown> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const track = jest.fn();
  const drawn = mountWidget({ host, type: 'logo-showcase', widgetId: `w-${Math.random()}`, settings: { ...settingsDefaults(schema), ...settings }, track, read: jest.fn() });
  const shadow = host.shadowRoot as ShadowRoot;
  const root = shadow.querySelector('.root') as HTMLElement;
  return { shadow, track, drawn, root };
}

afterEach(() => document.body.replaceChildren());

it('shows the heading and the six default logos in a grey grid, each named for screen readers', () => {
  const { shadow, drawn, root } = draw();
  expect(drawn).toBe(true);
  expect(shadow.querySelector('h2')?.textContent).toBe('Trusted by teams around the world');
  const images = [...shadow.querySelectorAll('img')];
  expect(images.map((image) => image.alt)).toEqual(['Northwind', 'Lumen', 'Fernway', 'Orbitly', 'Kettle & Co', 'Tidal']);
  expect(images[0].getAttribute('src')).toBe(`${location.origin}/widget-media/logo-northwind.svg`);
  expect(shadow.querySelector('ul')?.className).toBe('grid');
  expect(shadow.querySelector('section')?.classList.contains('gray')).toBe(true);
  expect(root.style.getPropertyValue('--cols')).toBe('6');
  expect(root.style.getPropertyValue('--h')).toBe('44px');
});

it('scrolls the logos as a strip whose second copy screen readers and the keyboard skip', () => {
  const { shadow } = draw({ layout: 'marquee', logos: [{ image: '/a.png', name: 'Acme', link: 'https://acme.example' }, { image: '/b.png', name: 'Beta' }] });
  const lists = [...shadow.querySelectorAll('.run > ul')];
  expect(lists).toHaveLength(2);
  expect(lists[0].hasAttribute('aria-hidden')).toBe(false);
  expect(lists[1].getAttribute('aria-hidden')).toBe('true');
  expect(lists[1].querySelector('a')?.getAttribute('tabindex')).toBe('-1');
  expect((shadow.querySelector('.strip') as HTMLElement).style.getPropertyValue('--t')).toBe('8s');
});

it('opens a logo link in a new tab and reports a link engagement', () => {
  const { shadow, track } = draw({ logos: [{ image: 'https://cdn.example/acme.svg', name: 'Acme', link: 'https://acme.example' }] });
  const anchor = shadow.querySelector('a') as HTMLAnchorElement;
  expect(anchor.getAttribute('href')).toBe('https://acme.example');
  expect(anchor.target).toBe('_blank');
  anchor.click();
  expect(track).toHaveBeenCalledWith('link');
});

it('keeps logos in full color when grayscale is off and applies the colors and sizes it is given', () => {
  const { shadow, root } = draw({ grayscale: false, background: '#0f172a', textColor: '#e2e8f0', columns: 3, logoHeight: 80 });
  expect(shadow.querySelector('section')?.classList.contains('gray')).toBe(false);
  expect(root.style.getPropertyValue('--bg')).toBe('#0f172a');
  expect(root.style.getPropertyValue('--fg')).toBe('#e2e8f0');
  expect(root.style.getPropertyValue('--cols')).toBe('3');
  expect(root.style.getPropertyValue('--h')).toBe('80px');
});

it('draws hostile settings safely: javascript: links and images, a huge name, bad colors, sizes out of range, no logos', () => {
  const long = '<img src=x onerror=alert(1)>'.repeat(200);
  const { shadow, root } = draw({ background: 'red;x:y', columns: 99, logoHeight: -5, logos: [{ image: 'javascript:alert(1)', name: 'Bad' }, { image: '/ok.png', name: long, link: 'javascript:alert(1)' }] });
  expect(shadow.querySelectorAll('img')).toHaveLength(1);
  expect(shadow.querySelector('img')?.alt).toBe(long);
  expect(shadow.querySelector('a')).toBeNull();
  expect(root.style.getPropertyValue('--bg')).toBe('#ffffff');
  expect(root.style.getPropertyValue('--cols')).toBe('8');
  expect(root.style.getPropertyValue('--h')).toBe('20px');
  document.body.replaceChildren();
  const empty = draw({ logos: [], layout: 'marquee' });
  expect(empty.shadow.querySelector('img')).toBeNull();
  expect(empty.shadow.querySelector('.strip')).toBeNull();
});

it('ships at least three templates that fit the schema over the defaults and draw every logo', () => {
  expect(schema['x-templates'].length).toBeGreaterThanOrEqual(3);
  for (const { settings } of schema['x-templates']) {
    expect(() => checkSettings({ type: 'logo-showcase', settings: { ...settingsDefaults(schema), ...settings } })).not.toThrow();
    document.body.replaceChildren();
    expect(draw(settings).shadow.querySelectorAll('img').length).toBeGreaterThanOrEqual(6);
  }
});

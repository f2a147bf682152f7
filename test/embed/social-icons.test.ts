/** @jest-environment ./test/web/jsdom-environment.ts */
// Social icons as a visitor meets them in a shadow root: a named link with an inline SVG icon per
// profile in brand or one colour, shapes, sizes, labels, a link engagement per click, and hostile
// settings drawn safely.
import { checkSettings } from '../../server/services/widget-embed/settings-schemas';
import { checked, drawWidget, templatesOf } from './draw-widget';

const TYPE = 'social-icons';
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

const links = (shadow: ShadowRoot) => [...shadow.querySelectorAll('a')];

it('shows the default profiles as round brand-coloured icons, each named for screen readers and opening in a new tab', () => {
  const { shadow } = draw();
  expect(shadow.querySelector('h2')?.textContent).toBe('Follow us');
  const anchors = links(shadow);
  expect(anchors.map((anchor) => anchor.getAttribute('aria-label'))).toEqual(['Facebook', 'Instagram', 'X', 'LinkedIn', 'YouTube']);
  expect(anchors[0].getAttribute('href')).toBe('https://facebook.com/example');
  expect(anchors[0].getAttribute('target')).toBe('_blank');
  expect(anchors[0].getAttribute('rel')).toBe('noopener me');
  expect(anchors[0].style.getPropertyValue('--c')).toBe('#1877f2');
  const icon = anchors[0].querySelector('svg') as SVGSVGElement;
  expect(icon.namespaceURI).toBe('http://www.w3.org/2000/svg');
  expect(icon.getAttribute('aria-hidden')).toBe('true');
  expect(icon.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
  expect(shadow.querySelector('.si')?.className).toBe('si center round');
  expect(shadow.querySelector('ul')?.getAttribute('aria-label')).toBe('Follow us');
});

it('reports a link engagement for each click', () => {
  const { shadow, track } = draw();
  const anchor = links(shadow)[1];
  anchor.addEventListener('click', (event) => event.preventDefault());
  anchor.click();
  expect(track).toHaveBeenCalledWith('link');
});

it('draws every network with an icon, email as a mailto link in the same tab, and names shown beside the icons', () => {
  const networks = ['facebook', 'instagram', 'x', 'linkedin', 'youtube', 'tiktok', 'pinterest', 'github', 'email', 'website'];
  const { shadow } = draw({
    showLabels: true,
    links: networks.map((network) => ({ network, url: network === 'email' ? 'mailto:hi@example.com' : `https://example.com/${network}` })),
  });
  const anchors = links(shadow);
  expect(anchors).toHaveLength(10);
  expect(anchors.every((anchor) => anchor.querySelector('svg path'))).toBe(true);
  expect(anchors.map((anchor) => anchor.textContent)).toEqual(['Facebook', 'Instagram', 'X', 'LinkedIn', 'YouTube', 'TikTok', 'Pinterest', 'GitHub', 'Email', 'Website']);
  const email = anchors[8];
  expect(email.getAttribute('href')).toBe('mailto:hi@example.com');
  expect(email.hasAttribute('target')).toBe(false);
  expect(shadow.querySelector('.si')?.classList.contains('labels')).toBe(true);
});

it('uses one colour, the shape, size and alignment chosen, and the owner’s names', () => {
  const { shadow } = draw({ colors: 'mono', monoColor: '#4f46e5', shape: 'square', size: 'large', alignment: 'right', variant: 'outline', newTab: false, links: [{ network: 'github', url: 'https://github.com/a', label: 'Our code on GitHub' }] });
  const [anchor] = links(shadow);
  expect(anchor.style.getPropertyValue('--c')).toBe('#4f46e5');
  expect(anchor.getAttribute('aria-label')).toBe('Our code on GitHub');
  expect(anchor.hasAttribute('target')).toBe(false);
  const box = shadow.querySelector('.si') as HTMLElement;
  expect(box.className).toBe('si right square outline');
  expect(box.style.getPropertyValue('--s')).toBe('56px');
});

it('draws hostile settings safely: a script link goes nowhere, an unknown network is left out, markup stays text', () => {
  const long = 'w'.repeat(3000);
  const { shadow, drawn } = draw({
    title: '<svg onload=alert(1)>',
    monoColor: 'red;background:url(x)',
    colors: 'mono',
    links: [
      { network: 'facebook', url: 'javascript:alert(1)', label: long },
      { network: 'myspace', url: 'https://example.com' },
    ],
  });
  expect(drawn).toBe(true);
  expect(shadow.querySelector('h2')?.textContent).toBe('<svg onload=alert(1)>');
  const anchors = links(shadow);
  expect(anchors).toHaveLength(1);
  expect(anchors[0].getAttribute('href')).toBe('#');
  expect(anchors[0].hasAttribute('target')).toBe(false);
  expect(anchors[0].style.getPropertyValue('--c')).toBe('#1877f2');
  expect(shadow.querySelectorAll('svg')).toHaveLength(1);
  expect(draw({ links: [], title: '' }).drawn).toBe(true);
});

it('refuses a script link, an unknown network and more than 20 profiles on save', () => {
  const check = (settings: Record<string, unknown>) => () => checkSettings({ type: 'social-icons', settings });
  expect(check({ links: [{ network: 'x', url: 'javascript:alert(1)' }] })).toThrow('These settings do not fit this widget type');
  expect(check({ links: [{ network: 'x', url: '//evil.example' }] })).toThrow();
  expect(check({ links: [{ network: 'myspace', url: 'https://example.com' }] })).toThrow();
  expect(check({ links: Array.from({ length: 21 }, () => ({ network: 'x', url: 'https://x.com/a' })) })).toThrow();
  expect(check({ links: [{ network: 'email', url: 'mailto:hi@example.com' }] })).not.toThrow();
});

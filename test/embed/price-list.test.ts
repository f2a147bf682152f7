/** @jest-environment ./test/web/jsdom-environment.ts */
// The price list as a visitor meets it in a shadow root: sections of items with their prices in
// the owner's currency, badges, dotted leaders, one or two columns, and hostile settings drawn safely.
import { checkSettings } from '../../server/services/widget-embed/settings-schemas';
import { checked, drawWidget, templatesOf } from './draw-widget';

const TYPE = 'price-list';
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

it('shows the default menu: three sections with names, descriptions, badges and dollar prices', () => {
  const { shadow } = draw();
  expect(shadow.querySelector('h2')?.textContent).toBe('Our menu');
  expect([...shadow.querySelectorAll('h3')].map((heading) => heading.textContent)).toEqual(['Starters', 'Mains', 'Desserts']);
  const first = shadow.querySelector('li.it') as HTMLElement;
  expect(first.querySelector('.name')?.textContent).toBe('Tomato bruschetta');
  expect(first.querySelector('.badge')?.textContent).toBe('Vegan');
  expect(first.querySelector('.price')?.textContent).toBe('$7');
  expect(first.querySelector('.desc')?.textContent).toBe('Grilled sourdough, basil, garlic and olive oil');
  expect(first.querySelector('.lead')?.classList.contains('dots')).toBe(true);
  expect(first.querySelector('.lead')?.getAttribute('aria-hidden')).toBe('true');
  expect(shadow.querySelectorAll('li.it')).toHaveLength(7);
});

it('puts the currency after the amount with the chosen decimals, in two columns without leaders', () => {
  const { shadow } = draw({ currency: '€', currencyPosition: 'after', decimals: 2, columns: 2, dottedLeaders: false });
  expect(shadow.querySelector('.price')?.textContent).toBe('7.00 €');
  expect(shadow.querySelector('.secs')?.classList.contains('two')).toBe(true);
  expect(shadow.querySelector('.lead')?.classList.contains('dots')).toBe(false);
});

it('draws an item image from a media path at the product origin and skips a script address', () => {
  const { shadow } = draw({
    sections: [{ title: 'A', items: [{ name: 'With', price: 1, image: '/api/v1/asset/a1/file' }, { name: 'Bad', price: 2, image: 'javascript:alert(1)' }] }],
  });
  const images = [...shadow.querySelectorAll('img')];
  expect(images).toHaveLength(1);
  expect(images[0].getAttribute('src')).toBe(`${location.origin}/api/v1/asset/a1/file`);
  expect(images[0].alt).toBe('');
});

it('draws hostile settings as text: markup in names, very long words, empty sections and lists', () => {
  const long = 'x'.repeat(5000);
  const { shadow, drawn } = draw({ title: '<img src=x onerror=alert(1)>', sections: [{ title: '', items: [] }, { title: long, items: [{ name: long, price: 10000000 }] }] });
  expect(drawn).toBe(true);
  expect(shadow.querySelector('h2')?.textContent).toBe('<img src=x onerror=alert(1)>');
  expect(shadow.querySelectorAll('img')).toHaveLength(0);
  expect(shadow.querySelector('.price')?.textContent).toBe('$10,000,000');
  expect(draw({ sections: [] }).drawn).toBe(true);
});

it('refuses settings over the limits and an image that is not a web address or a path', () => {
  const items = Array.from({ length: 51 }, (_, i) => ({ name: `Item ${i}`, price: 1 }));
  expect(() => checkSettings({ type: 'price-list', settings: { sections: [{ title: 'A', items }] } })).toThrow('These settings do not fit this widget type');
  expect(() => checkSettings({ type: 'price-list', settings: { sections: [{ title: 'A', items: [{ name: 'B', price: 1, image: 'javascript:alert(1)' }] }] } })).toThrow();
  expect(() => checkSettings({ type: 'price-list', settings: { sections: Array.from({ length: 21 }, () => ({ title: 'A', items: [] })) } })).toThrow();
});

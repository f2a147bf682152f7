/** @jest-environment ./test/web/jsdom-environment.ts */
// The reviews widget as a visitor sees it: the average and count, each review's stars, name,
// date and source, the minimum-rating filter, the slider's buttons and what they report.
import { LONG, checked, drawWidget, templatesOf } from './draw-widget';

afterEach(() => document.body.replaceChildren());

it('shows the average rating, the count and each review from the defaults', () => {
  const { drawn, shadow, all } = drawWidget('reviews');
  expect(drawn).toBe(true);
  expect(shadow.querySelector('h2')?.textContent).toBe('What our customers say');
  expect(shadow.querySelector('.avg')?.textContent).toBe('4.7');
  expect(shadow.querySelector('.count')?.textContent).toBe('Based on 3 reviews');
  expect(all('.card h3').map((name) => name.textContent)).toEqual(['Maria G.', 'Tom B.', 'Aiko S.']);
  expect(all('.card .stars').map((stars) => stars.getAttribute('aria-label'))).toEqual(['5 out of 5 stars', '5 out of 5 stars', '4 out of 5 stars']);
  expect(all('.src').map((source) => source.textContent)).toEqual(['Google', 'Facebook', 'Our site']);
  expect(all('.meta')[0].textContent).toMatch(/2026/);
});

it.each(templatesOf('reviews').map((template) => [template.id, template]))('draws the %s template, which the server accepts', (_id, template) => {
  expect(() => checked('reviews', template.settings)).not.toThrow();
  expect(drawWidget('reviews', template.settings).all('.card').length).toBeGreaterThan(0);
});

it('has at least three templates', () => {
  expect(templatesOf('reviews').length).toBeGreaterThanOrEqual(3);
});

it('leaves out reviews under the minimum rating, the average still counting every review', () => {
  const { all, shadow } = drawWidget('reviews', { minRating: 5 });
  expect(all('.card h3').map((name) => name.textContent)).toEqual(['Maria G.', 'Tom B.']);
  expect(shadow.querySelector('.avg')?.textContent).toBe('4.7');
});

it('slides one review at a time with previous and next, reporting each as a button', () => {
  const { all, shadow, track } = drawWidget('reviews', { layout: 'slider' });
  const visible = () => all('.card').filter((card) => !card.hidden).map((card) => card.querySelector('h3')?.textContent);
  expect(visible()).toEqual(['Maria G.']);
  expect(shadow.querySelector('.pos')?.textContent).toBe('1 / 3');
  shadow.querySelector<HTMLButtonElement>('[aria-label="Next review"]')?.click();
  expect(visible()).toEqual(['Tom B.']);
  shadow.querySelector<HTMLButtonElement>('[aria-label="Previous review"]')?.click();
  shadow.querySelector<HTMLButtonElement>('[aria-label="Previous review"]')?.click();
  expect(visible()).toEqual(['Aiko S.']);
  expect(shadow.querySelector('.pos')?.textContent).toBe('3 / 3');
  expect(track).toHaveBeenCalledTimes(3);
  expect(track).toHaveBeenCalledWith('button');
});

it('draws hostile settings safely: long texts, a bad date, an empty list, markup as text', () => {
  const long = drawWidget('reviews', { reviews: [{ name: '<img src=x onerror=alert(1)>', rating: 9, date: 'yesterday', text: LONG, source: 'own' }] });
  expect(long.shadow.querySelector('img')).toBeNull();
  expect(long.shadow.querySelector('h3')?.textContent).toBe('<img src=x onerror=alert(1)>');
  expect(long.shadow.querySelector('.card .stars')?.textContent).toBe('★★★★★');
  expect(long.shadow.querySelector('.meta')).toBeNull();
  const empty = drawWidget('reviews', { reviews: [] });
  expect(empty.shadow.querySelector('.sum')).toBeNull();
  expect(empty.text()).toContain('No reviews yet.');
});

it('refuses a rating outside 1 to 5 on save', () => {
  expect(() => checked('reviews', { reviews: [{ name: 'A', rating: 6, text: 'x' }] })).toThrow('These settings do not fit this widget type');
});

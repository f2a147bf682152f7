import type { ReviewsSettings } from '../../../generated/client/types.gen';
import { h } from '../dom';
import { setColors, setNumbers } from '../style-vars';
import type { WidgetType } from '../types';

type Review = NonNullable<ReviewsSettings['reviews']>[number];

const SOURCES: Record<string, string> = { google: 'Google', facebook: 'Facebook', own: 'Our site' };
const starCount = (rating: number): number => Math.min(5, Math.max(1, Math.round(rating) || 1));

function stars(rating: number, label: string): HTMLElement {
  const count = starCount(rating);
  return h('span', { class: 'stars', text: '★'.repeat(count) + '☆'.repeat(5 - count), attrs: { role: 'img', 'aria-label': label } });
}

/** "Nov 2, 2026" in the visitor's language; a date that is not YYYY-MM-DD shows nothing. */
function shownDate(date: string | undefined): string {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const day = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(day.getTime()) ? '' : day.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

function card({ review, showSource }: { review: Review; showSource: boolean }): HTMLElement {
  const source = showSource ? SOURCES[review.source ?? ''] : undefined;
  const date = shownDate(review.date);
  return h('article', { class: 'card' }, [
    h('div', { class: 'who' }, [
      h('span', { class: 'avatar', text: review.name.trim().charAt(0).toUpperCase(), attrs: { 'aria-hidden': 'true' } }),
      h('div', {}, [h('h3', { class: 'name', text: review.name }), date ? h('div', { class: 'meta', text: date }) : null]),
      source ? h('span', { class: `src ${review.source ?? ''}`, text: source }) : null,
    ]),
    stars(review.rating, `${starCount(review.rating)} out of 5 stars`),
    h('p', { class: 'text', text: review.text }),
  ]);
}

/** Shows one card at a time with previous and next buttons and the position read out. */
function slider({ cards, track }: { cards: HTMLElement[]; track: () => void }): HTMLElement[] {
  let index = 0;
  const position = h('span', { class: 'pos', attrs: { 'aria-live': 'polite' } });
  const show = (next: number) => {
    index = (next + cards.length) % cards.length;
    cards.forEach((element, i) => element.toggleAttribute('hidden', i !== index));
    position.textContent = `${index + 1} / ${cards.length}`;
  };
  const step = (by: number, label: string, text: string) =>
    h('button', { class: 'nav-btn', text, attrs: { type: 'button', 'aria-label': label }, onClick: () => (show(index + by), track()) });
  show(0);
  return cards.length > 1 ? [h('div', { class: 'nav' }, [step(-1, 'Previous review', '‹'), position, step(1, 'Next review', '›')])] : [];
}

export const reviews: WidgetType<ReviewsSettings> = {
  css: `.rv{padding:20px;color:var(--text,#111827);--accent:#f5a623}.rv h2{margin:0 0 12px;text-align:center;font-size:1.4em}
.sum{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;justify-content:center;margin:0 0 18px}.avg{font-size:2em;font-weight:700}.count{opacity:.7}
.cards{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(max(220px,calc((100% - (var(--cols,3) - 1) * 16px) / var(--cols,3))),1fr))}
.list .cards,.slider .cards{grid-template-columns:1fr}.slider .cards{max-width:640px;margin:0 auto}.card[hidden]{display:none}
.card{margin:0;padding:16px;border-radius:var(--r,12px);background:var(--card,#fff);border:1px solid rgba(127,127,127,.22);min-width:0;overflow-wrap:anywhere}
.who{display:flex;gap:10px;align-items:center;margin:0 0 8px}.who>div{flex:1;min-width:0}.avatar{flex:none;display:grid;place-items:center;width:38px;height:38px;border-radius:50%;background:var(--accent);color:#fff;font-weight:700}
.name{margin:0;font-size:1em}.meta{font-size:.85em;opacity:.65}.src{flex:none;font-size:.75em;font-weight:600;padding:2px 8px;border-radius:99px;background:rgba(127,127,127,.14)}
.google{color:#1a5fc8}.facebook{color:#1558b0}.stars{color:var(--accent);letter-spacing:2px;font-size:1.1em}.text{margin:8px 0 0;line-height:1.55}
.nav{display:flex;gap:14px;align-items:center;justify-content:center;margin:14px 0 0}.nav-btn{all:unset;cursor:pointer;width:36px;height:36px;border-radius:50%;display:grid;place-items:center;font-size:1.4em;background:var(--card,#fff);border:1px solid rgba(127,127,127,.3)}
.nav-btn:focus-visible{outline:2px solid var(--accent);outline-offset:2px}.empty{text-align:center;opacity:.7}`,
  render: ({ root, settings, track }) => {
    setColors(root, { '--accent': settings.accentColor, '--card': settings.cardColor, '--text': settings.textColor });
    setNumbers(root, { '--cols': { value: settings.columns, min: 1, max: 4 }, '--r': { value: settings.radius, min: 0, max: 24, unit: 'px' } });
    const all = settings.reviews ?? [];
    const shown = all.filter(({ rating }) => starCount(rating) >= (settings.minRating ?? 1));
    const layout = settings.layout ?? 'grid';
    const cards = shown.map((review) => card({ review, showSource: settings.showSource !== false }));
    const average = all.length ? all.reduce((sum, { rating }) => sum + starCount(rating), 0) / all.length : 0;
    const summary =
      settings.showSummary !== false && all.length
        ? h('div', { class: 'sum' }, [
            h('span', { class: 'avg', text: average.toFixed(1) }),
            stars(average, `Average ${average.toFixed(1)} out of 5 stars`),
            h('span', { class: 'count', text: `Based on ${all.length} review${all.length === 1 ? '' : 's'}` }),
          ])
        : null;
    root.append(
      h('section', { class: `rv ${layout}` }, [
        settings.title ? h('h2', { text: settings.title }) : null,
        summary,
        cards.length ? h('div', { class: 'cards' }, cards) : h('p', { class: 'empty', text: 'No reviews yet.' }),
        ...(layout === 'slider' ? slider({ cards, track: () => track('button') }) : []),
      ]),
    );
    return undefined;
  },
};

import type { TestimonialsSettings } from '../../../generated/client/types.gen';
import { accent, h } from '../dom';
import type { WidgetType } from '../types';

const stars = (rating: number): string => '★'.repeat(rating) + '☆'.repeat(5 - rating);

export const testimonials: WidgetType<TestimonialsSettings> = {
  css: `.testimonials{padding:20px}.testimonials h2{margin:0 0 16px;text-align:center}
.cards{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(200px,1fr))}.list .cards{grid-template-columns:1fr}
.card{margin:0;padding:16px;border-radius:12px;background:#f9fafb;border:1px solid #e5e7eb}.stars{color:var(--accent);letter-spacing:2px}
blockquote{margin:8px 0 12px;font-style:italic}.author{font-weight:600}.role{color:#6b7280;font-size:.9em}`,
  render: ({ root, settings }) => {
    accent(root, settings.accentColor);
    const cards = (settings.items ?? []).map(({ quote, author, role, rating }) =>
      h('figure', { class: 'card' }, [
        rating ? h('div', { class: 'stars', text: stars(Math.min(5, Math.max(1, rating))), attrs: { 'aria-label': `${rating} out of 5` } }) : null,
        h('blockquote', { text: `“${quote}”` }),
        h('figcaption', {}, [h('div', { class: 'author', text: author }), role ? h('div', { class: 'role', text: role }) : null]),
      ]),
    );
    root.append(h('section', { class: `testimonials ${settings.layout ?? 'grid'}` }, [settings.title && h('h2', { text: settings.title }), h('div', { class: 'cards' }, cards)]));
  },
};

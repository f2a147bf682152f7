import type { PriceListSettings } from '../../../generated/client/types.gen';
import { accent, h } from '../dom';
import { imageUrl } from '../image-url';
import type { WidgetType } from '../types';

type Item = NonNullable<PriceListSettings['sections']>[number]['items'][number];

const HEX = /^#[0-9a-f]{6}$/i;

/** The price as the visitor's locale writes numbers, with the owner's symbol on the chosen side. */
export function priceText({ price, currency = '', position, decimals = 0 }: { price: number; currency?: string; position?: string; decimals?: number }): string {
  const places = Math.min(2, Math.max(0, decimals));
  const amount = price.toLocaleString(undefined, { minimumFractionDigits: places, maximumFractionDigits: places });
  if (!currency) return amount;
  return position === 'after' ? `${amount} ${currency}` : `${currency}${amount}`;
}

function itemView({ item, settings }: { item: Item; settings: PriceListSettings }): HTMLElement {
  const price = priceText({ price: item.price, currency: settings.currency, position: settings.currencyPosition, decimals: settings.decimals });
  return h('li', { class: 'it' }, [
    imageUrl(item.image) && h('img', { attrs: { src: imageUrl(item.image), alt: '', loading: 'lazy' } }),
    h('div', { class: 'main' }, [
      h('div', { class: 'row' }, [
        h('span', { class: 'name', text: item.name }),
        item.badge && h('span', { class: 'badge', text: item.badge }),
        h('span', { class: settings.dottedLeaders === false ? 'lead' : 'lead dots', attrs: { 'aria-hidden': 'true' } }),
        h('span', { class: 'price', text: price }),
      ]),
      item.description && h('p', { class: 'desc', text: item.description }),
    ]),
  ]);
}

export const priceList: WidgetType<PriceListSettings> = {
  css: `.pl{padding:24px;background:var(--bg,#fff)}.pl h2{margin:0;font-size:1.5em;text-align:center}.sub{margin:4px 0 0;text-align:center;color:#6b7280}
.secs{display:grid;gap:8px 48px;margin-top:12px}.two{grid-template-columns:repeat(auto-fit,minmax(min(280px,100%),1fr))}
.pl h3{margin:16px 0 4px;color:var(--accent);font-size:.95em;text-transform:uppercase;letter-spacing:.08em}ul{margin:0;padding:0;list-style:none}
.it{display:flex;gap:12px;padding:8px 0}.it img{width:56px;height:56px;object-fit:cover;border-radius:8px;flex:none}.main{flex:1;min-width:0}
.row{display:flex;align-items:baseline;gap:8px}.name{font-weight:600;overflow-wrap:anywhere}.lead{flex:1 1 12px}.dots{border-bottom:2px dotted #d1d5db}
.price{font-weight:700;white-space:nowrap}.badge{font-size:.72em;font-weight:600;padding:1px 8px;border-radius:99px;white-space:nowrap;color:color-mix(in srgb,var(--accent) 80%,#000);background:color-mix(in srgb,var(--accent) 12%,#fff)}
.desc{margin:2px 0 0;color:#6b7280;font-size:.92em;overflow-wrap:anywhere}`,
  render: ({ root, settings }) => {
    accent(root, settings.accentColor);
    if (settings.backgroundColor && HEX.test(settings.backgroundColor)) root.style.setProperty('--bg', settings.backgroundColor);
    const sections = (settings.sections ?? []).map((section) =>
      h('section', {}, [section.title && h('h3', { text: section.title }), h('ul', {}, (section.items ?? []).map((item) => itemView({ item, settings })))]),
    );
    root.append(
      h('div', { class: 'pl' }, [
        settings.title && h('h2', { text: settings.title }),
        settings.subtitle && h('p', { class: 'sub', text: settings.subtitle }),
        h('div', { class: settings.columns === 2 ? 'secs two' : 'secs' }, sections),
      ]),
    );
  },
};

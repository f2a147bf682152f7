import type { PricingTableSettings } from '../../../generated/client/types.gen';
import { accent, h, link } from '../dom';
import type { WidgetType } from '../types';

const price = (amount: number): string => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));

export const pricingTable: WidgetType<PricingTableSettings> = {
  css: `.pricing{padding:20px}.pricing h2{text-align:center;margin:0 0 20px}.plans{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));align-items:stretch}
.plan{position:relative;display:flex;flex-direction:column;padding:20px;border:1px solid #e5e7eb;border-radius:12px}.plan.highlighted{border:2px solid var(--accent);box-shadow:0 8px 24px rgba(0,0,0,.08)}
.badge{position:absolute;top:-11px;left:50%;transform:translateX(-50%);background:var(--accent);color:#fff;font-size:.7em;padding:3px 10px;border-radius:99px;text-transform:uppercase}
.plan h3{margin:0}.price{font-size:2em;font-weight:700;margin:8px 0}.price small{font-size:.45em;color:#6b7280;font-weight:400}
.plan ul{list-style:none;padding:0;margin:0 0 16px;flex:1}.plan li{padding:4px 0}.plan li::before{content:'✓ ';color:var(--accent)}.plan .button{text-align:center}`,
  render: ({ root, settings, track }) => {
    accent(root, settings.accentColor);
    const plans = (settings.plans ?? []).map((plan) =>
      h('div', { class: plan.highlighted ? 'plan highlighted' : 'plan' }, [
        plan.highlighted ? h('span', { class: 'badge', text: 'Most popular' }) : null,
        h('h3', { text: plan.name }),
        h('div', { class: 'price' }, [`${settings.currency ?? ''}${price(plan.price)}`, plan.period ? h('small', { text: ` / ${plan.period}` }) : null]),
        h('ul', {}, (plan.features ?? []).map((feature) => h('li', { text: feature }))),
        plan.buttonText ? link({ url: plan.buttonUrl, text: plan.buttonText, className: 'button', onClick: () => track('conversion') }) : null,
      ]),
    );
    root.append(h('section', { class: 'pricing' }, [settings.title && h('h2', { text: settings.title }), h('div', { class: 'plans' }, plans)]));
  },
};

import type { CountdownSettings } from '../../../generated/client/types.gen';
import { accent, h, link } from '../dom';
import type { WidgetType } from '../types';

const UNITS: [label: string, ms: number][] = [
  ['Days', 86_400_000],
  ['Hours', 3_600_000],
  ['Minutes', 60_000],
  ['Seconds', 1000],
];

/** Whole days, hours, minutes and seconds left until `end` (all zero once it has passed). */
export function timeLeft(end: number, now: number): number[] {
  let rest = Math.max(0, end - now);
  return UNITS.map(([, ms]) => {
    const whole = Math.floor(rest / ms);
    rest -= whole * ms;
    return whole;
  });
}

export const countdown: WidgetType<CountdownSettings> = {
  css: `.countdown{text-align:center;padding:24px;container-type:inline-size}.countdown h2{margin:0 0 16px;font-size:1.4em}
.units{display:flex;gap:12px;justify-content:center}.unit{min-width:64px;padding:12px 8px;border-radius:10px;background:var(--accent);color:#fff}
.unit b{display:block;font-size:1.8em;font-variant-numeric:tabular-nums}.unit span{font-size:.75em;text-transform:uppercase;letter-spacing:.05em}
.cta{display:inline-block;margin-top:18px}
@container (max-width:380px){.units{gap:6px}.unit{flex:1;min-width:0;padding:10px 2px}.unit span{font-size:.62em;letter-spacing:0}}`,
  render: ({ root, settings, track }) => {
    accent(root, settings.accentColor);
    const end = Date.parse(settings.endsAt ?? '');
    const numbers = UNITS.map(() => h('b', { text: '0' }));
    const units = h('div', { class: 'units' }, UNITS.map(([label], i) => h('div', { class: 'unit' }, [numbers[i], h('span', { text: label })])));
    const ended = h('p', { class: 'ended', text: settings.expiredText ?? '' });
    const body = h('div', { class: 'countdown' }, [
      h('h2', { text: settings.title ?? '' }),
      units,
      settings.buttonText && link({ url: settings.buttonUrl, text: settings.buttonText, className: 'button cta', onClick: () => track('button') }),
    ]);
    root.append(body);
    const tick = () => {
      const left = timeLeft(end, Date.now());
      left.forEach((value, i) => (numbers[i].textContent = String(value).padStart(2, '0')));
      if (!(end > Date.now())) {
        units.replaceWith(ended);
        clearInterval(timer);
      }
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  },
};

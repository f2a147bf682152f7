import type { StatsCounterSettings } from '../../../generated/client/types.gen';
import { h } from '../dom';
import { setColors, setNumbers } from '../style-vars';
import type { WidgetType } from '../types';

type Stat = NonNullable<StatsCounterSettings['stats']>[number];

export const formatStat = ({ value, decimals }: Pick<Stat, 'value' | 'decimals'>, shown = value): string => {
  const digits = Math.min(3, Math.max(0, decimals ?? 0));
  return shown.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

const reducedMotion = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export const statsCounter: WidgetType<StatsCounterSettings> = {
  css: `.sc{padding:24px 20px;background:var(--bg,#fff);color:var(--text,#374151);--accent:#2563eb}.sc h2{margin:0 0 18px;text-align:center;font-size:1.4em}
.cells{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(max(140px,calc((100% - (var(--cols,4) - 1) * 16px) / var(--cols,4))),1fr))}
.cell{padding:18px 12px;text-align:center;min-width:0;overflow-wrap:anywhere;container-type:inline-size}.left .cell,.left h2{text-align:left}.cards .cell{border-radius:12px;background:rgba(127,127,127,.07);border:1px solid rgba(127,127,127,.16)}
.num{display:block;font-size:clamp(1.3em,21cqi,2.4em);font-weight:800;line-height:1.1;color:var(--accent);font-variant-numeric:tabular-nums}.label{display:block;margin-top:6px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}`,
  render: ({ root, settings }) => {
    setColors(root, { '--accent': settings.accentColor, '--bg': settings.background, '--text': settings.textColor });
    setNumbers(root, { '--cols': { value: settings.columns, min: 1, max: 6 } });
    const stats = (settings.stats ?? []).filter(({ value }) => Number.isFinite(value));
    // The animated digits are hidden from screen readers, which read the final value at once.
    const numbers = stats.map((stat) => h('span', { class: 'num', text: `${stat.prefix ?? ''}${formatStat(stat)}${stat.suffix ?? ''}`, attrs: { 'aria-hidden': 'true' } }));
    const cells = stats.map((stat, i) =>
      h('div', { class: 'cell' }, [numbers[i], h('span', { class: 'sr', text: `${stat.prefix ?? ''}${formatStat(stat)}${stat.suffix ?? ''}` }), h('span', { class: 'label', text: stat.label })]),
    );
    const section = h('section', { class: `sc${settings.cards === false ? '' : ' cards'}${settings.align === 'left' ? ' left' : ''}` }, [settings.title ? h('h2', { text: settings.title }) : null, h('div', { class: 'cells' }, cells)]);
    root.append(section);
    const duration = Math.min(10_000, Math.max(0, settings.duration ?? 2000));
    if (!duration || reducedMotion() || typeof IntersectionObserver !== 'function' || stats.length === 0) return undefined;
    let frame = 0;
    const show = (progress: number) =>
      stats.forEach((stat, i) => {
        // Ease out: fast at first, settling on the final value.
        const eased = 1 - (1 - progress) ** 3;
        numbers[i].textContent = `${stat.prefix ?? ''}${formatStat(stat, progress >= 1 ? stat.value : stat.value * eased)}${stat.suffix ?? ''}`;
      });
    show(0);
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const started = performance.now();
      const tick = (time: number) => {
        const progress = Math.min(1, (time - started) / duration);
        show(progress);
        if (progress < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    }, { threshold: 0.3 });
    observer.observe(section);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  },
};

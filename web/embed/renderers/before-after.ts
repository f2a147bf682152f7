import type { BeforeAfterSettings } from '../../../generated/client/types.gen';
import { h } from '../dom';
import { imageUrl } from '../image-url';
import { setColors, setNumbers } from '../style-vars';
import type { WidgetType } from '../types';

const ASPECTS: Record<string, string> = { landscape: '3/2', wide: '16/9', square: '1/1', portrait: '3/4' };
// Up and Right add to the value (WAI-ARIA slider); on a vertical one Down moves the handle down.
const KEYS: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 };
const VERTICAL_KEYS: Record<string, number> = { ...KEYS, ArrowUp: -1, ArrowDown: 1 };

const clamp = (value: number): number => Math.min(100, Math.max(0, value));

export const beforeAfter: WidgetType<BeforeAfterSettings> = {
  css: `.ba{position:relative;overflow:hidden;border-radius:var(--r,12px);aspect-ratio:var(--ratio,3/2);user-select:none;touch-action:pan-y;cursor:ew-resize;background:#e5e7eb;--accent:#fff}
.v{touch-action:pan-x;cursor:ns-resize}.ba img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;pointer-events:none;display:block}
.before{clip-path:inset(0 calc(100% - var(--p)) 0 0)}.v .before{clip-path:inset(0 0 calc(100% - var(--p)) 0)}
.line{position:absolute;top:0;bottom:0;left:var(--p);width:3px;margin-left:-1.5px;background:var(--accent);box-shadow:0 0 6px rgba(0,0,0,.35)}
.v .line{top:var(--p);bottom:auto;left:0;right:0;width:auto;height:3px;margin:-1.5px 0 0}
.knob{position:absolute;top:50%;left:var(--p);width:44px;height:44px;margin:-22px 0 0 -22px;border-radius:50%;background:var(--accent);box-shadow:0 2px 10px rgba(0,0,0,.35);display:grid;place-items:center;color:#111827;font-size:18px;font-weight:700}
.v .knob{top:var(--p);left:50%}.knob:focus-visible{outline:3px solid #111827;outline-offset:3px}
.tag{position:absolute;top:12px;padding:4px 10px;border-radius:6px;background:rgba(17,24,39,.65);color:#fff;font-size:.85em;font-weight:600;pointer-events:none}
.tag.b{left:12px}.tag.a{right:12px}.v .tag.a{top:auto;bottom:12px;left:12px;right:auto}`,
  render: ({ root, settings, track }) => {
    setColors(root, { '--accent': settings.accentColor });
    setNumbers(root, { '--r': { value: settings.radius, min: 0, max: 32, unit: 'px' } });
    const vertical = settings.orientation === 'vertical';
    const beforeLabel = settings.beforeLabel || 'Before';
    const afterLabel = settings.afterLabel || 'After';
    const alt = settings.alt ?? '';
    const knob = h('div', {
      class: 'knob',
      text: vertical ? '↕' : '↔',
      attrs: { role: 'slider', tabindex: '0', 'aria-label': `${beforeLabel} and ${afterLabel}: how much of "${beforeLabel}" shows`, 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-orientation': vertical ? 'vertical' : 'horizontal' },
    });
    const box = h('div', { class: vertical ? 'ba v' : 'ba' }, [
      h('img', { attrs: { src: imageUrl(settings.afterImage), alt: alt ? `${afterLabel}: ${alt}` : afterLabel, draggable: 'false' } }),
      h('img', { class: 'before', attrs: { src: imageUrl(settings.beforeImage), alt: alt ? `${beforeLabel}: ${alt}` : beforeLabel, draggable: 'false' } }),
      h('div', { class: 'line', attrs: { 'aria-hidden': 'true' } }),
      knob,
      settings.showLabels !== false ? h('span', { class: 'tag b', text: beforeLabel, attrs: { 'aria-hidden': 'true' } }) : null,
      settings.showLabels !== false ? h('span', { class: 'tag a', text: afterLabel, attrs: { 'aria-hidden': 'true' } }) : null,
    ]);
    box.style.setProperty('--ratio', ASPECTS[settings.aspect ?? ''] ?? '3/2');
    let reported = false;
    const set = (position: number) => {
      const value = clamp(position);
      box.style.setProperty('--p', `${value}%`);
      knob.setAttribute('aria-valuenow', String(Math.round(value)));
      knob.setAttribute('aria-valuetext', `${Math.round(value)}% ${beforeLabel}`);
    };
    const moved = (position: number) => {
      set(position);
      if (!reported) track('button');
      reported = true;
    };
    const at = (event: PointerEvent) => {
      const rect = box.getBoundingClientRect();
      const share = vertical ? (event.clientY - rect.top) / (rect.height || 1) : (event.clientX - rect.left) / (rect.width || 1);
      moved(share * 100);
    };
    let dragging = false;
    box.addEventListener('pointerdown', (event) => {
      dragging = true;
      box.setPointerCapture?.(event.pointerId);
      at(event);
    });
    box.addEventListener('pointermove', (event) => dragging && at(event));
    const stop = () => (dragging = false);
    box.addEventListener('pointerup', stop);
    box.addEventListener('pointercancel', stop);
    knob.addEventListener('keydown', (event) => {
      const now = Number(knob.getAttribute('aria-valuenow'));
      const step = (vertical ? VERTICAL_KEYS : KEYS)[event.key];
      const next = event.key === 'Home' ? 0 : event.key === 'End' ? 100 : step === undefined ? null : now + step * (event.shiftKey ? 10 : 1);
      if (next === null) return;
      event.preventDefault();
      moved(next);
    });
    set(settings.start ?? 50);
    root.append(box);
  },
};

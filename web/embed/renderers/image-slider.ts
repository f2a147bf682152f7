import type { ImageSliderSettings } from '../../../generated/client/types.gen';
import { accent, h, safeUrl } from '../dom';
import { imageUrl } from '../image-url';
import type { WidgetType } from '../types';

const SWIPE_PX = 40;

export const imageSlider: WidgetType<ImageSliderSettings> = {
  css: `.slider{position:relative;overflow:hidden;border-radius:var(--r);background:#f3f4f6}.view{overflow:hidden;touch-action:pan-y}
.track{display:flex;height:100%;transition:transform .5s ease}.slide{position:relative;flex:0 0 100%;height:100%}
.slide img{display:block;width:100%;height:100%;object-fit:cover}.slide a{display:block;height:100%}
.caption{position:absolute;left:0;right:0;bottom:0;margin:0;padding:28px 20px 16px;color:#fff;font-weight:600;font-size:clamp(14px,2.4vw,22px);background:linear-gradient(transparent,rgba(0,0,0,.6))}
.nav{all:unset;position:absolute;top:50%;transform:translateY(-50%);width:40px;height:40px;border-radius:50%;background:rgba(255,255,255,.9);color:#111827;text-align:center;font-size:22px;line-height:40px;cursor:pointer;box-shadow:0 1px 4px rgba(0,0,0,.25)}
.prev{left:12px}.next{right:12px}.nav:disabled{opacity:.4;cursor:default}.pause{all:unset;position:absolute;top:12px;right:12px;padding:4px 10px;border-radius:14px;background:rgba(0,0,0,.55);color:#fff;font-size:13px;cursor:pointer}
.dots{display:flex;gap:8px;justify-content:center;padding:10px}.dot{all:unset;width:10px;height:10px;border-radius:50%;background:#d1d5db;cursor:pointer}.dot[aria-current=true]{background:var(--accent)}
.nav:focus-visible,.dot:focus-visible,.pause:focus-visible,.slide a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}.empty{padding:24px;text-align:center;color:#6b7280}
@media (max-width:480px){.nav{width:32px;height:32px;line-height:32px;font-size:18px}}@media (prefers-reduced-motion:reduce){.track{transition:none}}`,
  render: ({ root, settings, track }) => {
    accent(root, settings.accentColor);
    root.style.setProperty('--r', `${Math.min(40, Math.max(0, settings.radius ?? 12))}px`);
    const slides = (settings.slides ?? []).filter((slide) => imageUrl(slide.image));
    if (slides.length === 0) {
      root.append(h('p', { class: 'empty', text: 'No slides yet' }));
      return undefined;
    }
    const count = slides.length;
    const loop = settings.loop !== false;
    const items = slides.map(({ image, caption, link }, i) => {
      const picture = h('img', { attrs: { src: imageUrl(image), alt: caption ?? '', loading: i === 0 ? 'eager' : 'lazy', draggable: 'false' } });
      const text = settings.showCaptions !== false && caption ? h('p', { class: 'caption', text: caption, attrs: { 'aria-hidden': 'true' } }) : null;
      const href = safeUrl(link);
      const body = href === '#' ? [picture, text] : [h('a', { attrs: { href, target: '_blank', rel: 'noopener' }, onClick: () => track('link') }, [picture, text])];
      return h('div', { class: 'slide', attrs: { role: 'group', 'aria-roledescription': 'slide', 'aria-label': `${i + 1} of ${count}` } }, body);
    });
    const strip = h('div', { class: 'track', attrs: { 'aria-live': 'polite' } }, items);
    const view = h('div', { class: 'view' }, [strip]);
    const [wide, high] = (settings.aspectRatio ?? '16:9').split(':');
    view.style.aspectRatio = `${wide} / ${high}`;
    const button = (className: string, label: string, text: string, onClick: () => void) =>
      h('button', { class: className, text, attrs: { type: 'button', 'aria-label': label }, onClick });
    const prev = button('nav prev', 'Previous slide', '‹', () => visitorGo(index - 1));
    const next = button('nav next', 'Next slide', '›', () => visitorGo(index + 1));
    const dots = items.map((_, i) => button('dot', `Go to slide ${i + 1}`, '', () => visitorGo(i)));
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    let playing = settings.autoplay !== false && count > 1 && !reduced;
    // Held while pointed at or while focus is inside, except on the pause button: pressing Play there plays.
    const held = { hover: false, focus: false };
    let index = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pause = settings.autoplay !== false && count > 1 ? button('pause', '', '', () => setPlaying(!playing)) : null;

    const schedule = () => {
      clearTimeout(timer);
      if (playing && !held.hover && !held.focus && (loop || index < count - 1)) timer = setTimeout(() => go(index + 1), Math.min(30, Math.max(2, settings.interval ?? 5)) * 1000);
    };
    const go = (to: number) => {
      index = loop ? (to + count) % count : Math.min(count - 1, Math.max(0, to));
      strip.style.transform = `translateX(${-index * 100}%)`;
      items.forEach((item, i) => item.toggleAttribute('inert', i !== index));
      dots.forEach((dot, i) => dot.setAttribute('aria-current', String(i === index)));
      prev.disabled = !loop && index === 0;
      next.disabled = !loop && index === count - 1;
      schedule();
    };
    const visitorGo = (to: number) => {
      go(to);
      track('button');
    };
    const setPlaying = (on: boolean) => {
      playing = on;
      pause?.setAttribute('aria-label', on ? 'Pause slideshow' : 'Play slideshow');
      if (pause) pause.textContent = on ? '❚❚ Pause' : '▶ Play';
      // A moving slideshow is not read out at every turn; one the visitor steps through is.
      strip.setAttribute('aria-live', on ? 'off' : 'polite');
      schedule();
    };
    const hold = (why: keyof typeof held, on: boolean) => {
      held[why] = on;
      schedule();
    };

    const slider = h('section', { class: 'slider', attrs: { 'aria-roledescription': 'carousel', 'aria-label': 'Image slider' } }, [
      view,
      ...(count > 1 && settings.showArrows !== false ? [prev, next] : []),
      pause,
    ]);
    slider.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        visitorGo(index + (event.key === 'ArrowRight' ? 1 : -1));
      }
    });
    slider.addEventListener('mouseenter', () => hold('hover', true));
    slider.addEventListener('mouseleave', () => hold('hover', false));
    slider.addEventListener('focusin', (event) => hold('focus', event.target !== pause));
    slider.addEventListener('focusout', () => hold('focus', false));
    let startX: number | undefined;
    view.addEventListener('touchstart', (event) => (startX = event.changedTouches[0]?.clientX), { passive: true });
    view.addEventListener('touchend', (event) => {
      const moved = (event.changedTouches[0]?.clientX ?? 0) - (startX ?? 0);
      if (startX !== undefined && Math.abs(moved) > SWIPE_PX) visitorGo(index + (moved < 0 ? 1 : -1));
      startX = undefined;
    });
    root.append(h('div', {}, [slider, count > 1 && settings.showDots !== false ? h('div', { class: 'dots' }, dots) : null]));
    setPlaying(playing);
    go(0);
    return () => clearTimeout(timer);
  },
};

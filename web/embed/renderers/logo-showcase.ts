import type { LogoShowcaseSettings } from '../../../generated/client/types.gen';
import { h, safeUrl } from '../dom';
import { imageUrl } from '../image-url';
import type { WidgetType } from '../types';

/** Seconds each logo takes to pass, by speed. */
const PACE = { slow: 4, normal: 2.6, fast: 1.6 };
const HEX = /^#[0-9a-f]{6}$/i;

export const logoShowcase: WidgetType<LogoShowcaseSettings> = {
  css: `.logos{padding:24px 16px;background:var(--bg);text-align:center}.logos h2{margin:0 0 18px;font-size:1em;font-weight:600;letter-spacing:.02em;color:var(--fg)}
ul{list-style:none;margin:0;padding:0}.grid{display:grid;gap:24px;align-items:center;grid-template-columns:repeat(auto-fill,minmax(max(96px,calc((100% - (var(--cols) - 1)*24px)/var(--cols))),1fr))}
li{display:flex;justify-content:center;align-items:center}img{display:block;height:var(--h);max-width:100%;object-fit:contain;transition:filter .3s,opacity .3s}
.gray img{filter:grayscale(1);opacity:.65}.gray li:hover img,.gray a:focus-visible img{filter:none;opacity:1}a{display:block;border-radius:6px}a:focus-visible{outline:3px solid var(--fg);outline-offset:4px}
.strip{overflow:hidden;mask-image:linear-gradient(90deg,transparent,#000 8%,#000 92%,transparent)}.run{display:flex;width:max-content;animation:run var(--t) linear infinite}
.run ul{display:flex;gap:48px;padding-right:48px}.strip:hover .run,.strip:focus-within .run{animation-play-state:paused}@keyframes run{to{transform:translateX(-50%)}}
@media (prefers-reduced-motion:reduce){.run{animation:none;width:auto}.run ul{flex-wrap:wrap;justify-content:center;padding:0}.run ul+ul{display:none}.strip{mask-image:none}}`,
  render: ({ root, settings, track }) => {
    const color = (name: string, value: string | undefined, fallback: string) => root.style.setProperty(name, value && HEX.test(value) ? value : fallback);
    color('--bg', settings.background, '#ffffff');
    color('--fg', settings.textColor, '#6b7280');
    root.style.setProperty('--h', `${Math.min(120, Math.max(20, settings.logoHeight ?? 44))}px`);
    root.style.setProperty('--cols', String(Math.min(8, Math.max(2, settings.columns ?? 6))));
    const logos = (settings.logos ?? []).filter((logo) => imageUrl(logo.image));
    // The marquee's second copy only closes the loop: screen readers and the keyboard skip it.
    const list = (copy: boolean) =>
      h(
        'ul',
        { attrs: copy ? { 'aria-hidden': 'true' } : {} },
        logos.map(({ image, name, link }) => {
          const picture = h('img', { attrs: { src: imageUrl(image), alt: name, loading: 'lazy' } });
          const href = safeUrl(link);
          if (href === '#') return h('li', {}, [picture]);
          return h('li', {}, [h('a', { attrs: { href, target: '_blank', rel: 'noopener', ...(copy ? { tabindex: '-1' } : {}) }, onClick: () => track('link') }, [picture])]);
        }),
      );
    const marquee = settings.layout === 'marquee' && logos.length > 0;
    let body: HTMLElement = list(false);
    if (marquee) {
      body = h('div', { class: 'strip' }, [h('div', { class: 'run' }, [list(false), list(true)])]);
      body.style.setProperty('--t', `${Math.max(8, logos.length * PACE[settings.speed ?? 'normal'])}s`);
    } else body.className = 'grid';
    root.append(h('section', { class: `logos${settings.grayscale !== false ? ' gray' : ''}`, attrs: { 'aria-label': settings.title || 'Logos' } }, [settings.title && h('h2', { text: settings.title }), body]));
    return undefined;
  },
};

import type { SocialIconsSettings, SocialNetwork } from '../../../generated/client/types.gen';
import { h, safeUrl, svg } from '../dom';
import type { WidgetType } from '../types';

// Outline icons on a 24-unit grid, stroked in the current colour (several after Feather, MIT).
const ICONS: Record<SocialNetwork, string> = {
  facebook: 'M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3Z',
  instagram: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5Zm1 10a4 4 0 1 0 8 0 4 4 0 1 0-8 0m9.5-5.5h.01',
  x: 'M4 4h4.5L20 20h-4.5ZM20 4l-6.8 7.6M4 20l6.8-7.6',
  linkedin: 'M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6ZM2 9h4v12H2ZM2 4a2 2 0 1 0 4 0 2 2 0 1 0-4 0',
  youtube: 'M22.5 6.4a2.8 2.8 0 0 0-1.9-2C18.9 4 12 4 12 4s-6.9 0-8.6.5a2.8 2.8 0 0 0-1.9 2A29 29 0 0 0 1 12a29 29 0 0 0 .5 5.6 2.8 2.8 0 0 0 1.9 1.9c1.7.5 8.6.5 8.6.5s6.9 0 8.6-.5a2.8 2.8 0 0 0 1.9-1.9A29 29 0 0 0 23 12a29 29 0 0 0-.5-5.6ZM9.8 15.5l5.7-3.5-5.7-3.5Z',
  tiktok: 'M9 11a5 5 0 1 0 5 5V2c.5 3 3 5.5 6 5.5',
  pinterest: 'M2 12a10 10 0 1 0 20 0 10 10 0 1 0-20 0m8.5 9 2.3-9.5M8.6 13.2A4.5 4.5 0 1 1 12 16c-.9 0-1.6-.4-2-1',
  github: 'M9 19c-5 1.5-5-2.5-7-3m14 6v-3.9a3.4 3.4 0 0 0-.9-2.6c3.1-.4 6.4-1.5 6.4-7A5.4 5.4 0 0 0 20 4.8 5.1 5.1 0 0 0 19.9 1S18.7.7 16 2.5a13.4 13.4 0 0 0-7 0C6.3.7 5.1 1 5.1 1A5.1 5.1 0 0 0 5 4.8a5.4 5.4 0 0 0-1.5 3.7c0 5.4 3.3 6.6 6.4 7a3.4 3.4 0 0 0-.9 2.6V22',
  email: 'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm18 2-10 7L2 6',
  website: 'M2 12a10 10 0 1 0 20 0 10 10 0 1 0-20 0m0 0h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10Z',
};

// Each network's own colour and name (the name is what a screen reader hears without a label).
const NETWORKS: Record<SocialNetwork, [string, string]> = {
  facebook: ['#1877f2', 'Facebook'],
  instagram: ['#e4405f', 'Instagram'],
  x: ['#000000', 'X'],
  linkedin: ['#0a66c2', 'LinkedIn'],
  youtube: ['#ff0000', 'YouTube'],
  tiktok: ['#000000', 'TikTok'],
  pinterest: ['#e60023', 'Pinterest'],
  github: ['#181717', 'GitHub'],
  email: ['#4b5563', 'Email'],
  website: ['#0f766e', 'Website'],
};

const HEX = /^#[0-9a-f]{6}$/i;

export const socialIcons: WidgetType<SocialIconsSettings> = {
  css: `.si{padding:16px;text-align:center}.left{text-align:left}.right{text-align:right}.si h2{margin:0 0 12px;font-size:1.2em}
ul{display:inline-flex;flex-wrap:wrap;gap:10px;margin:0;padding:0;list-style:none;justify-content:inherit}.left ul{justify-content:flex-start}.right ul{justify-content:flex-end}.si:not(.left):not(.right) ul{justify-content:center}
a{display:inline-flex;align-items:center;justify-content:center;gap:8px;width:var(--s);height:var(--s);border:2px solid var(--c);border-radius:50%;background:var(--c);color:#fff;text-decoration:none;font-weight:600;transition:transform .15s}
a:hover{transform:translateY(-2px)}a:focus-visible{outline:3px solid var(--c);outline-offset:3px}.outline a{background:transparent;color:var(--c)}
.rounded a{border-radius:28%}.square a{border-radius:4px}.labels a{width:auto;padding:0 16px 0 12px;border-radius:99px}.labels.square a{border-radius:4px}.labels.rounded a{border-radius:10px}
svg{flex:none;width:calc(var(--s)*.5);height:calc(var(--s)*.5);fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
@media(prefers-reduced-motion:reduce){a{transition:none}a:hover{transform:none}}`,
  render: ({ root, settings, track }) => {
    const size = { small: '32px', medium: '44px', large: '56px' }[settings.size ?? 'medium'];
    const mono = settings.colors === 'mono' && settings.monoColor && HEX.test(settings.monoColor) ? settings.monoColor : undefined;
    const links = (settings.links ?? []).filter(({ network }) => ICONS[network]);
    const items = links.map(({ network, url, label }) => {
      const [brand, name] = NETWORKS[network];
      const text = label || name;
      const href = safeUrl(url);
      const web = href.startsWith('http');
      const anchor = h(
        'a',
        {
          attrs: { href, 'aria-label': text, ...(settings.showLabels ? {} : { title: text }), ...(web && settings.newTab !== false ? { target: '_blank', rel: 'noopener me' } : {}) },
          onClick: () => track('link'),
        },
        [svg('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, [svg('path', { d: ICONS[network] })]), settings.showLabels && h('span', { text })],
      );
      anchor.style.setProperty('--c', mono ?? brand);
      return h('li', {}, [anchor]);
    });
    const classes = ['si', settings.alignment ?? 'center', settings.shape ?? 'round', settings.variant === 'outline' && 'outline', settings.showLabels && 'labels'];
    const box = h('div', { class: classes.filter(Boolean).join(' ') }, [settings.title && h('h2', { text: settings.title }), h('ul', { attrs: { 'aria-label': settings.title || 'Social links' } }, items)]);
    box.style.setProperty('--s', size ?? '44px');
    root.append(box);
  },
};

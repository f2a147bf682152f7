import type { AnnouncementBarSettings } from '../../../generated/client/types.gen';
import { h, link } from '../dom';
import type { WidgetType } from '../types';

export const announcementBar: WidgetType<AnnouncementBarSettings> = {
  css: `.bar{display:flex;gap:12px;align-items:center;justify-content:center;padding:10px 44px;position:relative;background:var(--bg);color:var(--fg);font-size:.95em}
.bar a{color:inherit;font-weight:600}.close{all:unset;position:absolute;right:14px;cursor:pointer;font-size:1.2em;line-height:1}.close:focus-visible{outline:2px solid currentColor}`,
  render: ({ root, settings, track }) => {
    if (settings.backgroundColor) root.style.setProperty('--bg', settings.backgroundColor);
    if (settings.textColor) root.style.setProperty('--fg', settings.textColor);
    const bar = h('div', { class: 'bar', attrs: { role: 'region', 'aria-label': 'Announcement' } }, [
      h('span', { text: settings.text ?? '' }),
      settings.linkText ? link({ url: settings.linkUrl, text: settings.linkText, className: 'link', onClick: () => track('link') }) : null,
      settings.dismissible ? h('button', { class: 'close', text: '×', attrs: { type: 'button', 'aria-label': 'Close' }, onClick: () => bar.remove() }) : null,
    ]);
    root.append(bar);
  },
};

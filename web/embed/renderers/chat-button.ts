import type { ChatButtonSettings } from '../../../generated/client/types.gen';
import { h } from '../dom';
import { setColors, setNumbers } from '../style-vars';
import type { WidgetType } from '../types';

type Channel = NonNullable<ChatButtonSettings['channels']>[number];

// Each channel's link, built here from a value that fits it (never the value as a URL), its
// brand color and a small icon (24x24 path).
const CHANNELS: Record<Channel['type'], { name: string; color: string; icon: string; url: (value: string, message: string) => string | null }> = {
  whatsapp: {
    name: 'WhatsApp',
    color: '#25d366',
    icon: 'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm4.9 13.6c-.2.6-1.2 1.2-1.7 1.2-.4.1-1 .1-1.6-.1a13 13 0 0 1-5.9-5.2c-.4-.6-1-1.8-1-2.9s.6-1.7.8-2c.2-.2.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.2.1.4 0 .5l-.4.6-.4.4c-.1.2-.3.3-.1.6.7 1.2 1.6 2.1 2.9 2.7.3.1.4.1.6-.1l.8-1c.2-.2.4-.2.6-.1l1.9.9c.3.1.4.2.5.3 0 .2 0 .8-.2 1.4z',
    url: (value, message) => {
      const digits = value.replace(/[\s().+-]/g, '');
      return /^\d{6,15}$/.test(digits) ? `https://wa.me/${digits}${message ? `?text=${encodeURIComponent(message)}` : ''}` : null;
    },
  },
  messenger: {
    name: 'Messenger',
    color: '#0084ff',
    icon: 'M12 2C6.5 2 2 6.1 2 11.3c0 2.9 1.4 5.5 3.7 7.2V22l3.4-1.9c.9.3 1.9.4 2.9.4 5.5 0 10-4.1 10-9.2S17.5 2 12 2zm1 12.4-2.5-2.7-5 2.7 5.5-5.8 2.6 2.7 4.9-2.7z',
    url: (value) => (/^[A-Za-z0-9.]{1,50}$/.test(value) ? `https://m.me/${value}` : null),
  },
  telegram: {
    name: 'Telegram',
    color: '#229ed9',
    icon: 'M21.5 3.6 2.9 10.8c-1.3.5-1.2 1.2-.2 1.5l4.8 1.5 1.8 5.6c.2.6.4.8.9.8.4 0 .6-.2.9-.4l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.6c.3-1.3-.5-1.9-1.4-1.5zM9.6 14.2l-.4 4 .1-3.9L17.7 7z',
    url: (value) => {
      const name = value.replace(/^@/, '');
      return /^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(name) ? `https://t.me/${name}` : null;
    },
  },
  email: {
    name: 'Email',
    color: '#ea4335',
    icon: 'M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 4-8 5-8-5V6l8 5 8-5z',
    url: (value) => (/^[^\s@<>()[\]\\,;:"?&#%]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(value) ? `mailto:${value}` : null),
  },
  phone: {
    name: 'Phone',
    color: '#34a853',
    icon: 'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z',
    url: (value) => {
      const digits = value.replace(/[\s().-]/g, '');
      return /^\+?\d{3,15}$/.test(digits) ? `tel:${digits}` : null;
    },
  },
};
const CHAT_ICON = 'M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zM7 9h10v2H7zm0-3h10v2H7zm0 6h7v2H7z';
const CLOSE_ICON = 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z';

function icon(path: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const shape = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

/** A channel's link; tel: is built from digits only, so it bypasses safeUrl's web-and-mail rule safely. */
function channelLink({ channel, message, brand, onClick }: { channel: Channel; message: string; brand: boolean; onClick: () => void }): HTMLAnchorElement | null {
  const kind = CHANNELS[channel.type];
  const url = kind?.url(channel.value.trim(), message);
  if (!kind || !url) return null;
  const external = url.startsWith('https:');
  const anchor = h('a', { class: 'ch', attrs: { href: url, ...(external ? { target: '_blank', rel: 'noopener' } : {}) }, onClick }, [icon(kind.icon), h('span', { text: channel.label || kind.name })]);
  if (brand) anchor.style.setProperty('--ch', kind.color);
  return anchor;
}

export const chatButton: WidgetType<ChatButtonSettings> = {
  css: `.cb{position:fixed;bottom:var(--off,20px);right:var(--off,20px);z-index:2147483000;display:flex;flex-direction:column;align-items:flex-end;gap:10px;max-width:calc(100vw - 2 * var(--off,20px))}
.left{right:auto;left:var(--off,20px);align-items:flex-start}.main{all:unset;cursor:pointer;display:grid;place-items:center;width:58px;height:58px;border-radius:50%;background:var(--accent);color:var(--icon,#fff);box-shadow:0 6px 20px rgba(0,0,0,.22)}
.main svg{width:30px;height:30px;fill:currentColor}.main:focus-visible,.ch:focus-visible,.x:focus-visible{outline:3px solid var(--accent);outline-offset:3px}
.menu{display:flex;flex-direction:column;gap:8px;padding:10px;border-radius:14px;background:#fff;box-shadow:0 8px 28px rgba(0,0,0,.18);min-width:200px}.menu[hidden],.bubble[hidden]{display:none}
.ch{display:flex;gap:10px;align-items:center;padding:8px 10px;border-radius:10px;color:#111827;text-decoration:none;font-weight:600}.ch:hover{background:#f3f4f6}
.ch svg{flex:none;width:34px;height:34px;padding:7px;border-radius:50%;background:var(--ch,var(--accent));fill:var(--icon,#fff)}
.bubble{position:relative;max-width:260px;padding:12px 34px 12px 14px;border-radius:14px;background:#fff;color:#111827;box-shadow:0 6px 22px rgba(0,0,0,.16);overflow-wrap:anywhere}
.x{all:unset;cursor:pointer;position:absolute;top:6px;right:6px;width:22px;height:22px;display:grid;place-items:center;border-radius:50%}.x svg{width:16px;height:16px;fill:#6b7280}
@media (prefers-reduced-motion:no-preference){.bubble,.menu{animation:up .25s ease-out}}@keyframes up{from{opacity:0;transform:translateY(8px)}}`,
  render: ({ root, settings, track }) => {
    setColors(root, { '--accent': settings.accentColor, '--icon': settings.iconColor });
    setNumbers(root, { '--off': { value: settings.offset, min: 0, max: 120, unit: 'px' } });
    const label = settings.buttonLabel || 'Chat with us';
    const links = (settings.channels ?? [])
      .map((channel) => channelLink({ channel, message: settings.message ?? '', brand: settings.brandColors !== false, onClick: () => track('link') }))
      .filter((link): link is HTMLAnchorElement => link !== null);
    if (links.length === 0) return undefined;
    const box = h('div', { class: settings.position === 'bottom-left' ? 'cb left' : 'cb' });
    const bubble = h('div', { class: 'bubble', attrs: { hidden: '', role: 'status' } }, [
      h('span', { text: settings.greeting ?? '' }),
      h('button', { class: 'x', attrs: { type: 'button', 'aria-label': 'Close the greeting' }, onClick: () => bubble.toggleAttribute('hidden', true) }, [icon(CLOSE_ICON)]),
    ]);
    let main: HTMLElement;
    if (links.length === 1) {
      // One channel: the button is that channel's link.
      main = links[0];
      main.className = 'main';
      main.setAttribute('aria-label', label);
      main.querySelector('span')?.remove();
      if (settings.brandColors !== false) main.style.background = main.style.getPropertyValue('--ch');
      box.append(bubble, main);
    } else {
      const menu = h('div', { class: 'menu', attrs: { id: 'chat-menu', hidden: '', role: 'group', 'aria-label': label } }, links);
      const setOpen = (open: boolean) => {
        menu.toggleAttribute('hidden', !open);
        main.setAttribute('aria-expanded', String(open));
        main.replaceChildren(icon(open ? CLOSE_ICON : CHAT_ICON));
        if (open) bubble.toggleAttribute('hidden', true);
      };
      main = h('button', {
        class: 'main',
        attrs: { type: 'button', 'aria-label': label, 'aria-controls': 'chat-menu', 'aria-expanded': 'false' },
        onClick: () => {
          const open = menu.hasAttribute('hidden');
          setOpen(open);
          if (open) {
            links[0].focus();
            track('button');
          }
        },
      }, [icon(CHAT_ICON)]);
      box.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape' || menu.hasAttribute('hidden')) return;
        setOpen(false);
        main.focus();
      });
      box.append(bubble, menu, main);
    }
    root.append(box);
    if (settings.showGreeting === false || !settings.greeting) return undefined;
    const timer = setTimeout(() => bubble.toggleAttribute('hidden', false), Math.min(60, Math.max(0, settings.greetingDelay ?? 3)) * 1000);
    return () => clearTimeout(timer);
  },
};

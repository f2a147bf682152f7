import type { VideoGallerySettings } from '../../../generated/client/types.gen';
import { h } from '../dom';
import { imageUrl } from '../image-url';
import { setColors, setNumbers } from '../style-vars';
import type { WidgetType } from '../types';

export interface VideoRef {
  provider: 'youtube' | 'vimeo';
  id: string;
}

/**
 * The video a setting names: a YouTube or Vimeo address, or a bare id. Only the id goes into the
 * player's address, and only when it fits the provider's pattern, so no address given by the
 * owner ever reaches an iframe.
 */
export function parseVideo(input: string): VideoRef | null {
  const value = input.trim();
  const youtube = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#/]|$)/.exec(value);
  if (youtube) return { provider: 'youtube', id: youtube[1] };
  const vimeo = /^(?:https?:\/\/)?(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d{1,12})(?:[?#/]|$)/.exec(value);
  if (vimeo) return { provider: 'vimeo', id: vimeo[1] };
  if (/^[A-Za-z0-9_-]{11}$/.test(value) && !/^\d+$/.test(value)) return { provider: 'youtube', id: value };
  if (/^\d{1,12}$/.test(value)) return { provider: 'vimeo', id: value };
  return null;
}

export function playerUrl({ provider, id }: VideoRef, autoplay: boolean): string {
  const play = autoplay ? '1' : '0';
  return provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=${play}&rel=0` : `https://player.vimeo.com/video/${id}?autoplay=${play}&dnt=1`;
}

const PLAY = '▶';

export const videoGallery: WidgetType<VideoGallerySettings> = {
  css: `.vg{padding:20px;background:var(--bg,#fff);color:var(--text,#111827);--accent:#ef4444}.vg h2{margin:0 0 16px;text-align:center;font-size:1.4em}
.grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(max(200px,calc((100% - (var(--cols,3) - 1) * 16px) / var(--cols,3))),1fr))}.list .grid{grid-template-columns:1fr;max-width:860px;margin:0 auto}
.item{all:unset;cursor:pointer;display:block;min-width:0}.thumb{position:relative;display:block;aspect-ratio:16/9;border-radius:var(--r,10px);overflow:hidden;background:linear-gradient(135deg,#334155,#0f172a)}
.thumb img{width:100%;height:100%;object-fit:cover;display:block}.play{position:absolute;inset:0;margin:auto;width:56px;height:40px;border-radius:12px;display:grid;place-items:center;background:var(--accent);color:#fff;font-size:18px;box-shadow:0 4px 14px rgba(0,0,0,.3)}
@media (prefers-reduced-motion:no-preference){.thumb img{transition:transform .3s}.item:hover img{transform:scale(1.04)}}
.item:focus-visible .thumb{outline:3px solid var(--accent);outline-offset:3px}.name{display:block;margin:8px 2px 0;font-weight:600;overflow-wrap:anywhere}
.box{position:fixed;inset:0;z-index:2147483000;display:grid;place-items:center;padding:16px;background:rgba(0,0,0,.85)}.frame{width:min(100%,1100px);aspect-ratio:16/9;border:0;background:#000}
.close{all:unset;cursor:pointer;position:absolute;top:12px;right:16px;color:#fff;font-size:32px;line-height:1;padding:4px 10px;border-radius:8px}.close:focus-visible{outline:3px solid #fff}`,
  render: ({ root, settings, track }) => {
    setColors(root, { '--accent': settings.accentColor, '--bg': settings.background, '--text': settings.textColor });
    setNumbers(root, { '--cols': { value: settings.columns, min: 1, max: 4 }, '--r': { value: settings.radius, min: 0, max: 24, unit: 'px' } });
    let opener: HTMLElement | null = null;
    // The drawing's root is replaced on a redraw, and an open player with it: no cleanup needed.
    const close = () => {
      root.querySelector('.box')?.remove();
      opener?.focus();
    };
    const open = (video: VideoRef, title: string, button: HTMLElement) => {
      opener = button;
      const frame = h('iframe', {
        class: 'frame',
        attrs: { src: playerUrl(video, settings.autoplay !== false), title, allow: 'autoplay; encrypted-media; picture-in-picture; fullscreen', allowfullscreen: '', referrerpolicy: 'strict-origin-when-cross-origin' },
      });
      const closeButton = h('button', { class: 'close', text: '×', attrs: { type: 'button', 'aria-label': 'Close video' }, onClick: close });
      const box = h('div', { class: 'box', attrs: { role: 'dialog', 'aria-modal': 'true', 'aria-label': title } }, [closeButton, frame]);
      box.addEventListener('click', (event) => event.target === box && close());
      box.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') close();
        // Focus stays in the dialog: the close button and the player are all there is.
        if (event.key === 'Tab') {
          event.preventDefault();
          const onClose = (root.getRootNode() as ShadowRoot).activeElement === closeButton;
          (onClose ? frame : closeButton).focus();
        }
      });
      root.append(box);
      closeButton.focus();
      track('full-screen');
    };
    const items = (settings.videos ?? []).flatMap(({ video, title, thumbnail }, i) => {
      const ref = parseVideo(video);
      if (!ref) return [];
      const name = title || `Video ${i + 1}`;
      const picture = ref.provider === 'youtube' ? `https://i.ytimg.com/vi/${ref.id}/hqdefault.jpg` : imageUrl(thumbnail);
      const image = picture ? h('img', { attrs: { src: picture, alt: '', loading: 'lazy' } }) : null;
      // A thumbnail that fails (blocked, deleted video) leaves the dark tile, not a broken-image icon.
      image?.addEventListener('error', () => image.remove());
      const button = h('button', { class: 'item', attrs: { type: 'button', 'aria-label': `Play ${name}` } }, [
        h('span', { class: 'thumb' }, [image, h('span', { class: 'play', text: PLAY, attrs: { 'aria-hidden': 'true' } })]),
        settings.showTitles !== false && title ? h('span', { class: 'name', text: title }) : null,
      ]);
      button.addEventListener('click', () => open(ref, name, button));
      return [button];
    });
    root.append(
      h('section', { class: `vg ${settings.layout === 'list' ? 'list' : 'grid-layout'}` }, [
        settings.title ? h('h2', { text: settings.title }) : null,
        items.length ? h('div', { class: 'grid' }, items) : h('p', { text: 'No videos yet.' }),
      ]),
    );
  },
};

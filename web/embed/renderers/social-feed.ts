import type { EmbedFeedItem, SocialFeedSettings } from '../../../generated/client/types.gen';
import { accent, h, safeUrl } from '../dom';
import type { WidgetType } from '../types';

type Post = EmbedFeedItem;

const COLOR = /^#[0-9a-f]{6}$/i;

/** The feed's items as the server answers them; anything else (no feed yet, the preview) is none. */
function feedItems(data: unknown): Post[] {
  const items = (data as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? items.filter((item): item is Post => typeof (item as Post | null)?.text === 'string') : [];
}

function when(value: string | undefined): { label: string; iso: string } | undefined {
  const time = Date.parse(value ?? '');
  if (!value || !Number.isFinite(time)) return undefined;
  // A bare date is a day, not midnight UTC drawn as the day before in the Americas.
  const label = new Date(time).toLocaleDateString(undefined, { dateStyle: 'medium', ...(/^\d{4}-\d{2}-\d{2}$/.test(value) ? { timeZone: 'UTC' } : {}) });
  return { label, iso: new Date(time).toISOString() };
}

const webOnly = (url: string | undefined): string | undefined => (url && /^https?:\/\//i.test(url.trim()) ? url.trim() : undefined);

function card({ post, settings, track }: { post: Post; settings: SocialFeedSettings; track: () => void }): HTMLLIElement {
  const image = settings.showImages === false ? undefined : webOnly(post.image);
  const link = webOnly(post.link);
  const date = settings.showDates === false ? undefined : when(post.date);
  const author = settings.showAuthors === false ? '' : (post.author ?? '').trim();
  const meta = (author || date) && h('p', { class: 'meta' }, [
    author && h('span', { class: 'av', text: author[0].toUpperCase(), attrs: { 'aria-hidden': 'true' } }),
    author && h('b', { text: author }),
    date && h('time', { text: date.label, attrs: { datetime: date.iso } }),
  ]);
  return h('li', { class: 'post' }, [
    image && h('img', { attrs: { src: image, alt: post.title || post.text.slice(0, 120), loading: 'lazy' } }),
    h('div', { class: 'body' }, [
      meta,
      post.title && h('h3', { text: post.title }),
      h('p', { class: 'text', text: post.text }),
      link && h('a', { class: 'more', text: settings.linkText || 'View post', attrs: { href: safeUrl(link), target: '_blank', rel: 'noopener' }, onClick: track }),
    ]),
  ]);
}

export const socialFeed: WidgetType<SocialFeedSettings> = {
  css: `.sf{padding:20px;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,sans-serif}.sf h2{margin:0 0 16px;font-size:1.4em}
.posts{list-style:none;margin:0;padding:0;gap:16px}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(max(200px,calc(100%/var(--cols) - 16px)),1fr))}
.list{display:grid;max-width:720px}.columns{columns:var(--cols) 220px;column-gap:16px}.columns .post{break-inside:avoid;margin-bottom:16px}
.post{background:var(--card);border-radius:var(--r);overflow:hidden;display:flex;flex-direction:column}.list .post{flex-direction:row}
.list img{width:34%;max-width:220px;aspect-ratio:auto;object-fit:cover}.shadow{box-shadow:0 2px 10px #0002}.bordered{border:1px solid #8884}
img{display:block;width:100%;aspect-ratio:4/3;object-fit:cover}.columns img{aspect-ratio:auto}.body{padding:14px 16px;min-width:0}
.meta{display:flex;align-items:center;gap:8px;margin:0 0 8px;font-size:.85em;flex-wrap:wrap}.meta time{opacity:.7}
.av{width:28px;height:28px;border-radius:50%;background:var(--accent);color:#fff;display:grid;place-items:center;font-weight:700}
h3{margin:0 0 6px;font-size:1.05em}.text{margin:0;overflow-wrap:anywhere;white-space:pre-line}.more{display:inline-block;margin-top:10px;color:var(--accent);font-weight:600}
.load{display:block;margin:20px auto 0;padding:10px 22px;border:0;border-radius:999px;background:var(--accent);color:#fff;font:inherit;font-weight:600;cursor:pointer}
a:focus-visible,.load:focus-visible{outline:2px solid var(--accent);outline-offset:2px}.empty{opacity:.7}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
@media (max-width:480px){.list .post{flex-direction:column}.list img{width:100%;max-width:none}}`,
  render: ({ root, settings, track, read }) => {
    accent(root, settings.accentColor);
    const colors: [string, string | undefined][] = [['--bg', settings.backgroundColor], ['--card', settings.cardColor], ['--fg', settings.textColor]];
    for (const [name, value] of colors) if (value && COLOR.test(value)) root.style.setProperty(name, value);
    root.style.setProperty('--cols', String(Math.min(4, Math.max(1, Math.round(Number(settings.columns) || 3)))));
    root.style.setProperty('--r', `${Math.min(32, Math.max(0, Number(settings.radius) || 0))}px`);
    const step = Math.min(50, Math.max(1, Math.round(Number(settings.postsShown) || 6)));
    const layout = ['list', 'columns'].includes(settings.layout ?? '') ? settings.layout : 'grid';
    const style = ['bordered', 'flat'].includes(settings.cardStyle ?? '') ? settings.cardStyle : 'shadow';
    const list = h('ul', { class: `posts ${layout}`, attrs: { role: 'list' } });
    const status = h('p', { class: 'sr', attrs: { 'aria-live': 'polite' } });
    const more = h('button', { class: 'load', text: settings.loadMoreText || 'Load more', attrs: { type: 'button', hidden: '' } });
    const section = h('section', { class: 'sf', attrs: { 'aria-label': settings.heading || 'Social feed' } }, [settings.heading && h('h2', { text: settings.heading }), list, more, status]);
    root.append(section);
    let posts: Post[] = [];
    let shown = 0;
    const showMore = (): void => {
      const next = posts.slice(shown, shown + step);
      list.append(...next.map((post) => {
        const item = card({ post, settings, track: () => track('link') });
        if (style !== 'flat') item.classList.add(style ?? 'shadow');
        return item;
      }));
      shown += next.length;
      more.hidden = !settings.loadMore || shown >= posts.length;
    };
    more.addEventListener('click', () => {
      const first = shown;
      showMore();
      track('button');
      status.textContent = `Showing ${shown} of ${posts.length} posts`;
      list.children[first]?.querySelector<HTMLElement>('a')?.focus();
    });
    const draw = (all: Post[]): void => {
      posts = all.filter((post) => typeof post.text === 'string' && post.text.trim());
      list.replaceChildren();
      shown = 0;
      if (posts.length === 0) list.append(h('li', { class: 'empty', text: settings.source === 'rss' ? 'New posts will appear here soon.' : 'No posts yet.' }));
      else showMore();
    };
    if (settings.source !== 'rss') {
      draw((settings.posts ?? []).map((post) => ({ ...post, text: post.text ?? '' })));
      return undefined;
    }
    let live = true;
    draw([]);
    void read('feed').then((data) => live && draw(feedItems(data)));
    return () => {
      live = false;
    };
  },
};

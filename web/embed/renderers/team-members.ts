import type { TeamMembersSettings } from '../../../generated/client/types.gen';
import { accent, h, link } from '../dom';
import { imageUrl } from '../image-url';
import type { WidgetType } from '../types';

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

export const teamMembers: WidgetType<TeamMembersSettings> = {
  css: `.team{padding:24px 16px}.team>h2{margin:0;text-align:center;font-size:1.6em}.sub{margin:6px 0 20px;text-align:center;color:#6b7280}
.people{list-style:none;margin:0;padding:0;display:grid;gap:20px;grid-template-columns:repeat(auto-fill,minmax(max(180px,calc((100% - (var(--cols) - 1)*20px)/var(--cols))),1fr))}
.person{padding:20px;border-radius:14px;background:#fff;text-align:center;overflow-wrap:anywhere}.shadow .person{box-shadow:0 4px 18px rgba(17,24,39,.1)}.bordered .person{border:1px solid #e5e7eb}.flat .person{padding:8px}
.photo{display:block;width:112px;height:112px;margin:0 auto 12px;border-radius:50%;object-fit:cover;background:var(--accent);color:#fff;font:600 36px/112px system-ui,sans-serif}.rounded .photo{border-radius:16px}.square .photo{border-radius:0}
.person h3{margin:0;font-size:1.1em}.role{margin:2px 0 8px;color:var(--accent);font-weight:600;font-size:.9em}.bio{margin:0 0 10px;color:#4b5563;font-size:.92em}
.links{display:flex;flex-wrap:wrap;gap:6px 12px;justify-content:center;list-style:none;margin:0;padding:0}.links a{color:var(--accent);font-size:.9em;font-weight:600}a:focus-visible,.nav:focus-visible,.people:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.list .people{grid-template-columns:1fr}.list .person{display:grid;grid-template-columns:auto 1fr;gap:0 20px;text-align:left;align-items:start}.list .photo{grid-row:span 4;margin:0}.list .links{justify-content:flex-start}
.carousel .people{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth;padding:6px 4px 14px}.carousel .person{flex:0 0 min(260px,80%);scroll-snap-align:start}
.navs{display:flex;gap:8px;justify-content:center;margin-top:8px}.nav{all:unset;width:36px;height:36px;border-radius:50%;border:1px solid #d1d5db;text-align:center;line-height:34px;font-size:20px;cursor:pointer}
@media (max-width:480px){.list .person{grid-template-columns:1fr;text-align:center}.list .photo{margin:0 auto 12px}.list .links{justify-content:center}}@media (prefers-reduced-motion:reduce){.carousel .people{scroll-behavior:auto}}`,
  render: ({ root, settings, track }) => {
    accent(root, settings.accentColor);
    root.style.setProperty('--cols', String(Math.min(6, Math.max(1, settings.columns ?? 4))));
    const layout = settings.layout ?? 'grid';
    const cards = (settings.members ?? []).map(({ photo, name, role, bio, links }) => {
      const src = imageUrl(photo);
      const picture = src ? h('img', { class: 'photo', attrs: { src, alt: name, loading: 'lazy' } }) : h('span', { class: 'photo', text: initials(name), attrs: { 'aria-hidden': 'true' } });
      const shown = settings.showLinks !== false ? (links ?? []) : [];
      return h('li', { class: 'person' }, [
        picture,
        h('h3', { text: name }),
        role ? h('p', { class: 'role', text: role }) : null,
        settings.showBio !== false && bio ? h('p', { class: 'bio', text: bio }) : null,
        shown.length > 0 ? h('ul', { class: 'links', attrs: { 'aria-label': `${name}'s links` } }, shown.map(({ label, url }) => h('li', {}, [link({ url, text: label, className: 'social', onClick: () => track('link') })]))) : null,
      ]);
    });
    const people = h('ul', { class: 'people' }, cards);
    const parts: (HTMLElement | null | false | '' | undefined)[] = [settings.title && h('h2', { text: settings.title }), settings.subtitle && h('p', { class: 'sub', text: settings.subtitle }), people];
    if (layout === 'carousel' && cards.length > 1) {
      people.tabIndex = 0;
      people.setAttribute('aria-label', 'Team members, scroll sideways for more');
      const step = (direction: number) => {
        people.scrollLeft += direction * (cards[0]?.offsetWidth ?? 260);
        track('button');
      };
      parts.push(h('div', { class: 'navs' }, [
        h('button', { class: 'nav', text: '‹', attrs: { type: 'button', 'aria-label': 'Previous members' }, onClick: () => step(-1) }),
        h('button', { class: 'nav', text: '›', attrs: { type: 'button', 'aria-label': 'Next members' }, onClick: () => step(1) }),
      ]));
    }
    const style = `team ${layout} ${settings.cardStyle ?? 'shadow'} ${settings.photoShape ?? 'circle'}`;
    root.append(h('section', { class: style, attrs: layout === 'carousel' ? { 'aria-roledescription': 'carousel', 'aria-label': settings.title || 'Team members' } : {} }, parts));
    return undefined;
  },
};

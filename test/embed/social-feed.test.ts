/** @jest-environment ./test/web/jsdom-environment.ts */
// The social feed drawn as the embed runtime draws it: the owner's posts from the defaults, each
// template, the Load more button and the link clicks it reports, a feed's imported items read
// through the runtime, and hostile settings drawn safely.
import { components } from '../../generated/openapi.json';
import { settingsDefaults, settingsSchemaName } from '../../rules/widget-settings';
import type { SettingsSchema } from '../../rules/widget-settings';
import { checkSettings } from '../../server/services/widget-embed/settings-schemas';
import { mountWidget } from '../../web/embed/mount';

interface Template {
  id: string;
  settings: Record<string, unknown>;
}

const schema = (components.schemas as Record<string, SettingsSchema & { 'x-templates'?: Template[] }>)[settingsSchemaName('social-feed')];
const defaults = settingsDefaults(schema);

function draw(settings: Record<string, unknown> = {}, readable?: unknown) {
  const host = document.createElement('div');
  document.body.append(host);
  const track = jest.fn();
  const read = jest.fn(async () => readable);
  const drawn = mountWidget({ host, type: 'social-feed', widgetId: `w-${Math.random()}`, settings: { ...defaults, ...settings }, track, read });
  const shadow = host.shadowRoot as ShadowRoot;
  const all = (selector: string) => [...shadow.querySelectorAll<HTMLElement>(selector)];
  return { shadow, track, read, drawn, all, text: () => shadow.textContent ?? '' };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => document.body.replaceChildren());

describe('social feed', () => {
  it("shows the owner's posts from the defaults with heading, authors, dates and links", () => {
    const { drawn, all, text, shadow } = draw();
    expect(drawn).toBe(true);
    expect(shadow.querySelector('h2')?.textContent).toBe('Latest from our community');
    expect(all('li.post')).toHaveLength(6);
    expect(text()).toContain('Our spring collection is here.');
    expect(text()).toContain('Maya, head of design');
    expect(shadow.querySelector('time')?.getAttribute('datetime')).toBe('2026-04-02T00:00:00.000Z');
    expect(all('a.more')[0].getAttribute('href')).toBe('https://example.com/spring');
    expect(shadow.querySelector<HTMLButtonElement>('button.load')?.hidden).toBe(true);
  });

  it.each((schema['x-templates'] ?? []).map((template) => [template.id, template.settings]))('draws the %s template, whose settings fit the schema', (_id, settings) => {
    expect(() => checkSettings({ type: 'social-feed', settings: { ...defaults, ...settings } })).not.toThrow();
    const { all, shadow } = draw(settings);
    expect(all('li.post').length).toBeGreaterThan(0);
    expect(shadow.querySelector('ul.posts')?.className).toContain(String(settings.layout ?? 'grid'));
  });

  it('shows more posts on Load more, says how many, and reports the button and link clicks', () => {
    const { all, track, shadow } = draw({ postsShown: 2 });
    expect(all('li.post')).toHaveLength(2);
    const more = shadow.querySelector('button.load') as HTMLButtonElement;
    expect(more.hidden).toBe(false);
    more.click();
    expect(all('li.post')).toHaveLength(4);
    expect(track).toHaveBeenCalledWith('button');
    expect(shadow.querySelector('[aria-live]')?.textContent).toBe('Showing 4 of 6 posts');
    more.click();
    more.click();
    expect(all('li.post')).toHaveLength(6);
    expect(more.hidden).toBe(true);
    all('a.more')[0].click();
    expect(track).toHaveBeenCalledWith('link');
  });

  it('hides dates, authors and images when turned off, and the button without Load more', () => {
    const posts = [{ text: 'With a picture', image: 'https://cdn.example/a.jpg', author: 'Ann', date: '2026-01-01' }];
    expect(draw({ posts }).all('img')[0].getAttribute('alt')).toBe('With a picture');
    const { all, text } = draw({ posts, showImages: false, showAuthors: false, showDates: false });
    expect(all('img')).toHaveLength(0);
    expect(all('time')).toHaveLength(0);
    expect(text()).not.toContain('Ann');
    expect(draw({ postsShown: 1, loadMore: false }).shadow.querySelector<HTMLButtonElement>('button.load')?.hidden).toBe(true);
  });

  it("draws a feed's imported items read through the runtime, with titles", async () => {
    const items = [{ title: 'Spring is here', text: 'Lighter fabrics.', link: 'https://shop.example/spring', date: '2026-04-02T09:30:00.000Z', author: 'Maya' }];
    const { read, all, text } = draw({ source: 'rss', feedUrl: 'https://shop.example/feed' }, { guid: 'w', items });
    expect(read).toHaveBeenCalledWith('feed');
    await flush();
    expect(all('li.post')).toHaveLength(1);
    expect(all('h3')[0].textContent).toBe('Spring is here');
    expect(text()).toContain('Lighter fabrics.');
  });

  it('says posts will come when a feed has none yet or cannot be read', async () => {
    const { text } = draw({ source: 'rss' }, { options: [], total: 0 });
    await flush();
    expect(text()).toContain('New posts will appear here soon.');
    const empty = draw({ posts: [] });
    expect(empty.text()).toContain('No posts yet.');
  });

  it('draws hostile settings safely: long text, markup as text, script and data links', async () => {
    const long = 'Supercalifragilistic '.repeat(100);
    const { all, text, shadow } = draw({
      heading: long.slice(0, 120),
      posts: [{ text: `<img src=x onerror=alert(1)>${long}`, link: 'javascript:alert(1)', image: 'data:image/png;base64,AAAA', author: '<b>x</b>' }],
    });
    expect(shadow.querySelectorAll('[onerror]')).toHaveLength(0);
    expect(all('img')).toHaveLength(0);
    expect(all('a')).toHaveLength(0);
    expect(text()).toContain('<img src=x onerror=alert(1)>');
    const feed = draw({ source: 'rss' }, { items: [{ text: 'Hi', link: 'javascript:alert(1)', image: 'javascript:alert(1)' }, { text: 42 }, null] });
    await flush();
    expect(feed.all('li.post')).toHaveLength(1);
    expect(feed.all('a, img')).toHaveLength(0);
  });
});

/** @jest-environment ./test/web/jsdom-environment.ts */
// The video gallery: thumbnails from YouTube ids (Vimeo's from the owner), the player loaded in a
// lightbox only after a click, from an id that fits its pattern, and closed by Escape.
import { parseVideo, playerUrl } from '../../web/embed/renderers/video-gallery';
import { LONG, checked, drawWidget, templatesOf } from './draw-widget';

afterEach(() => document.body.replaceChildren());

it.each([
  ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', { provider: 'youtube', id: 'aqz-KE-bpKQ' }],
  ['https://youtu.be/eRsGyueVLvQ?t=10', { provider: 'youtube', id: 'eRsGyueVLvQ' }],
  ['youtube.com/shorts/aqz-KE-bpKQ', { provider: 'youtube', id: 'aqz-KE-bpKQ' }],
  ['https://www.youtube.com/watch?feature=x&v=aqz-KE-bpKQ', { provider: 'youtube', id: 'aqz-KE-bpKQ' }],
  ['aqz-KE-bpKQ', { provider: 'youtube', id: 'aqz-KE-bpKQ' }],
  ['https://vimeo.com/1084537', { provider: 'vimeo', id: '1084537' }],
  ['https://player.vimeo.com/video/76979871', { provider: 'vimeo', id: '76979871' }],
  ['76979871', { provider: 'vimeo', id: '76979871' }],
  ['https://evil.example/watch?v=aqz-KE-bpKQ', null],
  ['javascript:alert(1)', null],
  ['https://youtu.be/short', null],
  ['"><script>', null],
])('reads %s as %j', (input, expected) => {
  expect(parseVideo(input)).toEqual(expected);
});

it('builds privacy-friendly player addresses', () => {
  expect(playerUrl({ provider: 'youtube', id: 'aqz-KE-bpKQ' }, true)).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0');
  expect(playerUrl({ provider: 'vimeo', id: '1084537' }, false)).toBe('https://player.vimeo.com/video/1084537?autoplay=0&dnt=1');
});

it('shows each default video as a titled thumbnail with no player until a click', () => {
  const { drawn, shadow, all } = drawWidget('video-gallery');
  expect(drawn).toBe(true);
  expect(all('.item').map((item) => item.getAttribute('aria-label'))).toEqual(['Play Big Buck Bunny', 'Play Sintel', 'Play Elephants Dream']);
  expect(all('img').map((img) => img.getAttribute('src'))).toEqual(['https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg', 'https://i.ytimg.com/vi/eRsGyueVLvQ/hqdefault.jpg']);
  expect(shadow.querySelector('iframe')).toBeNull();
});

it('drops a thumbnail that fails to load, keeping the tile and its play button', () => {
  const { all } = drawWidget('video-gallery');
  all('img')[0].dispatchEvent(new Event('error'));
  expect(all('img')).toHaveLength(1);
  expect(all('.item')[0].querySelector('.thumb .play')).not.toBeNull();
});

it('plays a video in a lightbox after a click, reports it, and closes with Escape back to the thumbnail', () => {
  const { shadow, all, track } = drawWidget('video-gallery');
  all('.item')[0].click();
  const frame = shadow.querySelector('iframe') as HTMLIFrameElement;
  expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0');
  expect(frame.getAttribute('title')).toBe('Big Buck Bunny');
  expect(shadow.querySelector('[role=dialog]')?.getAttribute('aria-modal')).toBe('true');
  expect(shadow.activeElement?.getAttribute('aria-label')).toBe('Close video');
  expect(track).toHaveBeenCalledWith('full-screen');
  shadow.querySelector('[role=dialog]')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  expect(shadow.querySelector('iframe')).toBeNull();
  expect(shadow.activeElement).toBe(all('.item')[0]);
});

it('uses the owner thumbnail for Vimeo and plays Vimeo from player.vimeo.com', () => {
  const { shadow, all } = drawWidget('video-gallery', { videos: [{ video: 'https://vimeo.com/1084537', title: 'Dream', thumbnail: 'https://cdn.example/t.jpg' }] });
  expect(shadow.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/t.jpg');
  all('.item')[0].click();
  expect(shadow.querySelector('iframe')?.getAttribute('src')).toBe('https://player.vimeo.com/video/1084537?autoplay=1&dnt=1');
});

it.each(templatesOf('video-gallery').map((template) => [template.id, template]))('draws the %s template, which the server accepts', (_id, template) => {
  expect(() => checked('video-gallery', template.settings)).not.toThrow();
  expect(drawWidget('video-gallery', template.settings).all('.item').length).toBe(3);
});

it('leaves out videos it cannot read, and draws long titles and empty lists safely', () => {
  const { all, shadow } = drawWidget('video-gallery', { videos: [{ video: 'javascript:alert(1)' }, { video: 'aqz-KE-bpKQ', title: LONG.slice(0, 120), thumbnail: 'javascript:alert(1)' }] });
  expect(all('.item').length).toBe(1);
  all('.item')[0].click();
  expect(shadow.querySelector('iframe')?.getAttribute('src')).toContain('youtube-nocookie.com/embed/aqz-KE-bpKQ');
  expect(drawWidget('video-gallery', { videos: [] }).text()).toContain('No videos yet.');
  expect(templatesOf('video-gallery').length).toBeGreaterThanOrEqual(3);
});

it('refuses a thumbnail that is not an image address on save', () => {
  expect(() => checked('video-gallery', { videos: [{ video: 'aqz-KE-bpKQ', thumbnail: 'javascript:alert(1)' }] })).toThrow('These settings do not fit this widget type');
});

/** @jest-environment ./test/web/jsdom-environment.ts */
// The file download widget as a visitor meets it in a shadow root: each file with its type and
// size, a download link (download, rel=noopener) that reports a button engagement, list or cards,
// and hostile settings drawn safely.
import { checkSettings } from '../../server/services/widget-embed/settings-schemas';
import { checked, drawWidget, templatesOf } from './draw-widget';

const TYPE = 'file-download';
const draw = (settings: Record<string, unknown> = {}) => drawWidget(TYPE, settings);

afterEach(() => document.body.replaceChildren());

it.each(templatesOf(TYPE).map((template) => [template.id, template.settings] as const))('draws its %s template, whose settings fit the schema', (_id, settings) => {
  expect(() => checked(TYPE, settings)).not.toThrow();
  const { drawn, text } = draw(settings);
  expect(drawn).toBe(true);
  expect(text().length).toBeGreaterThan(20);
});

it('has at least three templates', () => {
  expect(templatesOf(TYPE).length).toBeGreaterThanOrEqual(3);
});

it('lists the default files, each with its type, size and a download link that reports a button', () => {
  const { shadow, track } = draw();
  expect(shadow.querySelector('h2')?.textContent).toBe('Downloads');
  const files = [...shadow.querySelectorAll('li.file')];
  expect(files.map((file) => file.querySelector('h3')?.textContent)).toEqual(['Product brochure', 'Price list', 'Care guide']);
  expect(files[0].querySelector('.meta')?.textContent).toBe('PDF · 2.1 MB');
  const link = files[0].querySelector('a.button') as HTMLAnchorElement;
  expect(link.getAttribute('href')).toBe('https://example.com/files/brochure.pdf');
  expect(link.hasAttribute('download')).toBe(true);
  expect(link.getAttribute('rel')).toBe('noopener');
  expect(link.getAttribute('aria-label')).toBe('Download: Product brochure (PDF · 2.1 MB)');
  expect(link.textContent).toBe('Download');
  expect(link.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  link.addEventListener('click', (event) => event.preventDefault());
  link.click();
  expect(track).toHaveBeenCalledWith('button');
  expect(shadow.querySelector('ul')?.classList.contains('cards')).toBe(false);
});

it('draws cards with the owner’s button text and links a media path at the product origin', () => {
  const { shadow } = draw({ layout: 'cards', buttonText: 'Get it', files: [{ title: 'Menu', url: '/api/v1/asset/m1/file' }] });
  expect(shadow.querySelector('ul')?.classList.contains('cards')).toBe(true);
  const link = shadow.querySelector('a.button') as HTMLAnchorElement;
  expect(link.getAttribute('href')).toBe(`${location.origin}/api/v1/asset/m1/file`);
  expect(link.getAttribute('aria-label')).toBe('Get it: Menu');
  expect(shadow.querySelector('.meta')).toBeNull();
});

it('gives a file with a script or protocol-relative address no link, and draws markup and long texts as text', () => {
  const long = 'y'.repeat(4000);
  const { shadow } = draw({
    title: '<b>bold</b>',
    files: [
      { title: 'Bad', url: 'javascript:alert(1)' },
      { title: 'Other host', url: '//evil.example/x.pdf' },
      { title: long, description: long, url: 'https://example.com/a.pdf', fileType: long, size: long },
    ],
  });
  expect(shadow.querySelector('h2')?.textContent).toBe('<b>bold</b>');
  const links = [...shadow.querySelectorAll('a')];
  expect(links).toHaveLength(1);
  expect(links[0].getAttribute('href')).toBe('https://example.com/a.pdf');
  expect(shadow.querySelector('b')).toBeNull();
  expect(draw({ files: [] }).drawn).toBe(true);
});

it('refuses a script address and more than 30 files on save', () => {
  expect(() => checkSettings({ type: 'file-download', settings: { files: [{ title: 'A', url: 'javascript:alert(1)' }] } })).toThrow('These settings do not fit this widget type');
  expect(() => checkSettings({ type: 'file-download', settings: { files: Array.from({ length: 31 }, () => ({ title: 'A', url: 'https://example.com' })) } })).toThrow();
});

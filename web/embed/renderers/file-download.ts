import type { FileDownloadSettings } from '../../../generated/client/types.gen';
import { accent, h, svg } from '../dom';
import { imageUrl } from '../image-url';
import type { WidgetType } from '../types';

type File = NonNullable<FileDownloadSettings['files']>[number];

const icon = (d: string): SVGSVGElement => svg('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, [svg('path', { d })]);

function fileView({ file, buttonText, track }: { file: File; buttonText: string; track: () => void }): HTMLElement {
  // Media paths are the product's files: on a host page they belong to the product's origin.
  const href = imageUrl(file.url);
  const meta = [file.fileType, file.size].filter(Boolean).join(' · ');
  // A file whose address is not a web address or a path gets no button rather than a dead one.
  const button =
    href !== '' &&
    h(
      'a',
      {
        class: 'button',
        attrs: { href, download: '', target: '_blank', rel: 'noopener', 'aria-label': `${buttonText}: ${file.title}${meta ? ` (${meta})` : ''}` },
        onClick: track,
      },
      [icon('M12 4v11m-5-5 5 5 5-5M5 20h14'), buttonText],
    );
  return h('li', { class: 'file' }, [
    h('span', { class: 'doc', attrs: { 'aria-hidden': 'true' } }, [icon('M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Zm0 0v5h5'), (file.fileType ?? '').slice(0, 4)]),
    h('div', { class: 'info' }, [
      h('h3', { text: file.title }),
      file.description && h('p', { class: 'desc', text: file.description }),
      meta && h('p', { class: 'meta', text: meta }),
    ]),
    button,
  ]);
}

export const fileDownload: WidgetType<FileDownloadSettings> = {
  css: `.fd{padding:24px}.fd h2{margin:0;font-size:1.4em}.sub{margin:4px 0 0;color:#6b7280}ul{display:grid;gap:10px;margin:16px 0 0;padding:0;list-style:none}
.cards{grid-template-columns:repeat(auto-fill,minmax(min(220px,100%),1fr));gap:16px}.file{display:flex;align-items:center;gap:14px;padding:14px 16px;border:1px solid #e5e7eb;border-radius:12px;background:#fff}
.cards .file{flex-direction:column;align-items:flex-start;padding:20px}.doc{flex:none;display:grid;justify-items:center;width:48px;padding:6px 0;border-radius:8px;color:color-mix(in srgb,var(--accent) 80%,#000);background:color-mix(in srgb,var(--accent) 10%,#fff);font-size:.68em;font-weight:700}
.doc svg{width:24px;height:24px}svg{fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}.info{flex:1;min-width:0}
.fd h3{margin:0;font-size:1em;overflow-wrap:anywhere}.desc{margin:2px 0 0;color:#4b5563;font-size:.9em;overflow-wrap:anywhere}.meta{margin:4px 0 0;color:#6b7280;font-size:.8em}
.button{display:inline-flex;align-items:center;justify-content:center;gap:6px;white-space:nowrap}.button svg{width:18px;height:18px}.button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.cards .button{margin-top:auto;width:100%}@media(max-width:479px){.file{flex-wrap:wrap}.file .button{width:100%}}`,
  render: ({ root, settings, track }) => {
    accent(root, settings.accentColor);
    const buttonText = settings.buttonText || 'Download';
    root.append(
      h('div', { class: 'fd' }, [
        settings.title && h('h2', { text: settings.title }),
        settings.description && h('p', { class: 'sub', text: settings.description }),
        h(
          'ul',
          { class: settings.layout === 'cards' ? 'cards' : '' },
          (settings.files ?? []).map((file) => fileView({ file, buttonText, track: () => track('button') })),
        ),
      ]),
    );
  },
};

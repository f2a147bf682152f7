// A feed's descriptions are HTML: only their text is kept (the widget never draws HTML), with
// block ends as spaces and scripts and styles left out, plus the first image's address.
import { Parser } from 'htmlparser2';

const SKIPPED = new Set(['script', 'style', 'noscript', 'template']);
const BREAKS = new Set(['br', 'p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote']);

export function htmlToText({ html, maxLength }: { html: string; maxLength: number }): { text: string; image?: string } {
  let text = '';
  let image: string | undefined;
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag: (name, attrs) => {
        if (SKIPPED.has(name)) skipping += 1;
        if (name === 'img' && image === undefined && attrs.src) image = attrs.src;
        if (BREAKS.has(name)) text += ' ';
      },
      onclosetag: (name) => {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        if (BREAKS.has(name)) text += ' ';
      },
      ontext: (chunk) => {
        // Enough is read for the cut below; the rest of a long description is not kept.
        if (skipping === 0 && text.length <= maxLength * 2) text += chunk;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { text: clip(text.replace(/\s+/g, ' ').trim(), maxLength), image };
}

/** At most `maxLength` characters, cut at a word with an ellipsis. */
export function clip(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxLength * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// Reads an RSS 2.0 (or RSS 1.0) or Atom document into the widget's posts, with htmlparser2's
// streaming parser: no tree is built, so a hostile feed costs one pass over at most the fetched
// bytes, and nesting, item count and field lengths are all bounded here.
import { Parser } from 'htmlparser2';
import type { EmbedFeedItem } from '../../../generated/client/types.gen';
import { isHttpUrl } from '../../../rules/url-patterns';
import { clip, htmlToText } from './html-text';

export const FEED_LIMITS = { maxItems: 50, maxDepth: 64, fieldChars: 20_000, titleChars: 300, textChars: 2000, authorChars: 120 } as const;

export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedError';
  }
}

interface OpenItem {
  depth: number;
  fields: Map<string, string>;
  link?: string;
  image?: string;
}

interface OpenField {
  name: string;
  depth: number;
  text: string;
  /** An Atom author's name, inside the author element. */
  inName: boolean;
  authorName?: string;
}

const FIELDS = new Set(['title', 'link', 'description', 'content:encoded', 'summary', 'content', 'pubdate', 'published', 'updated', 'dc:date', 'author', 'dc:creator']);
const IMAGE_TAGS = new Set(['media:content', 'media:thumbnail']);

const first = (fields: Map<string, string>, names: string[]): string => names.map((name) => fields.get(name)?.trim() ?? '').find(Boolean) ?? '';

/** An http(s) address, relative ones read against the feed's own; anything else is dropped. */
function webAddress(value: string | undefined, base: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim(), base).href;
    return url.length <= 2000 && isHttpUrl(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

function toItem({ item, base }: { item: OpenItem; base: string }): EmbedFeedItem | undefined {
  const { fields } = item;
  const title = clip(htmlToText({ html: first(fields, ['title']), maxLength: FEED_LIMITS.titleChars }).text, FEED_LIMITS.titleChars);
  const body = htmlToText({ html: first(fields, ['content:encoded', 'description', 'content', 'summary']), maxLength: FEED_LIMITS.textChars });
  const text = body.text || title;
  if (!text) return undefined;
  const date = Date.parse(first(fields, ['pubdate', 'published', 'dc:date', 'updated']));
  const author = clip(first(fields, ['author', 'dc:creator']).replace(/\s+/g, ' '), FEED_LIMITS.authorChars);
  const link = webAddress(item.link ?? first(fields, ['link']), base);
  const image = webAddress(item.image ?? body.image, base);
  return {
    ...(body.text && title ? { title } : {}),
    text,
    ...(link ? { link } : {}),
    ...(image ? { image } : {}),
    ...(Number.isFinite(date) ? { date: new Date(date).toISOString() } : {}),
    ...(author ? { author } : {}),
  };
}

/** The feed's first FEED_LIMITS.maxItems posts, in its order; a document that is no feed is a FeedError. */
export function parseFeed({ xml, base }: { xml: string; base: string }): EmbedFeedItem[] {
  const items: EmbedFeedItem[] = [];
  let depth = 0;
  let root: string | undefined;
  let item: OpenItem | undefined;
  let field: OpenField | undefined;
  const parser = new Parser(
    {
      onopentag: (rawName, attrs) => {
        const name = rawName.toLowerCase();
        depth += 1;
        if (depth > FEED_LIMITS.maxDepth) throw new FeedError(`The feed nests elements more than ${FEED_LIMITS.maxDepth} deep`);
        if (root === undefined) {
          root = name;
          if (!['rss', 'rdf:rdf', 'feed'].includes(name)) throw new FeedError('This address does not answer an RSS or Atom feed');
        }
        if (!item) {
          if (name === 'item' || name === 'entry') item = { depth, fields: new Map() };
          return;
        }
        const type = attrs.type ?? '';
        if (IMAGE_TAGS.has(name) && !item.image && (!type || type.startsWith('image/'))) item.image = attrs.url;
        if (name === 'enclosure' && !item.image && type.startsWith('image/')) item.image = attrs.url;
        if (depth === item.depth + 1 && name === 'link' && attrs.href) {
          const rel = attrs.rel ?? 'alternate';
          if (rel === 'alternate' && !item.link) item.link = attrs.href;
          if (rel === 'enclosure' && !item.image && type.startsWith('image/')) item.image = attrs.href;
        }
        if (depth === item.depth + 1 && FIELDS.has(name) && !item.fields.has(name)) field = { name, depth, text: '', inName: false };
        else if (field && name === 'name' && field.name === 'author') field.inName = true;
      },
      ontext: (text) => {
        if (!field || field.text.length > FEED_LIMITS.fieldChars) return;
        if (field.name === 'author' && field.inName) field.authorName = (field.authorName ?? '') + text;
        field.text += text;
      },
      onclosetag: () => {
        if (field && depth === field.depth) {
          item?.fields.set(field.name, field.authorName ?? field.text);
          field = undefined;
        } else if (field?.inName) field.inName = false;
        if (item && depth === item.depth) {
          const post = toItem({ item, base });
          if (post) items.push(post);
          item = undefined;
          // The rest of the document is not read at all.
          if (items.length >= FEED_LIMITS.maxItems) parser.pause();
        }
        depth -= 1;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  if (items.length < FEED_LIMITS.maxItems) parser.end();
  if (root === undefined) throw new FeedError('This address does not answer an RSS or Atom feed');
  return items;
}

// The owner's custom CSS (WidgetCommonSettings.customCss), checked with a real CSS parser
// (css-tree) before it is saved. It is drawn inside the widget's shadow root only, so it cannot
// style the host page; these rules keep it from loading anything or leaving its <style>.
import { ident, parse, tokenize, tokenTypes, walk } from 'css-tree';
import type { CssNode } from 'css-tree';

export const CUSTOM_CSS_MAX_BYTES = 10 * 1024;
/** Blocks inside blocks (@media inside @supports...): a few are enough for any real stylesheet. */
export const CUSTOM_CSS_MAX_DEPTH = 20;

const REFUSED_AT_RULES = new Set(['import', 'namespace', 'charset']);
/** Functions whose strings are addresses the browser would load. */
const URL_FUNCTIONS = new Set(['url', 'src', 'image', 'image-set', '-webkit-image-set']);
const DATA_IMAGE = /^\s*data:image\//i;

/** A name as the browser reads it: escapes decoded (`\69mport` is `import`), any case. */
const nameOf = (name: string): string => ident.decode(name).toLowerCase();

function deepestBlock(css: string): number {
  let depth = 0;
  let deepest = 0;
  tokenize(css, (type) => {
    if (type === tokenTypes.LeftCurlyBracket) deepest = Math.max(deepest, ++depth);
    else if (type === tokenTypes.RightCurlyBracket) depth = Math.max(0, depth - 1);
  });
  return deepest;
}

/** What a node breaks, or undefined. */
function refusal(node: CssNode): string | undefined {
  if (node.type === 'Atrule' && REFUSED_AT_RULES.has(nameOf(node.name))) return `Custom CSS cannot use @${nameOf(node.name)}`;
  if (node.type === 'Url' && !DATA_IMAGE.test(node.value)) return 'Custom CSS can use url() only for data:image/... pictures';
  if (node.type === 'Function') {
    const name = nameOf(node.name);
    if (name === 'expression') return 'Custom CSS cannot use expression()';
    if (URL_FUNCTIONS.has(name)) {
      let remote = false;
      walk(node, (inner) => {
        if (inner.type === 'String' && !DATA_IMAGE.test(inner.value)) remote = true;
      });
      if (remote) return 'Custom CSS can use url() only for data:image/... pictures';
    }
  }
  return undefined;
}

/** The first rule the CSS breaks, in words for the owner; undefined when it may be saved. */
export function customCssProblem(css: string): string | undefined {
  const bytes = Buffer.byteLength(css, 'utf8');
  if (bytes > CUSTOM_CSS_MAX_BYTES) return `Custom CSS can be at most 10 kB (this is ${(bytes / 1024).toFixed(1)} kB)`;
  if (/<\/style/i.test(css)) return 'Custom CSS cannot contain </style';
  if (/expression\s*\(/i.test(css)) return 'Custom CSS cannot use expression()';
  if (deepestBlock(css) > CUSTOM_CSS_MAX_DEPTH) return `Custom CSS can nest blocks at most ${CUSTOM_CSS_MAX_DEPTH} deep`;
  let parseError: string | undefined;
  const ast = parse(css, {
    positions: true,
    onParseError: (error) => {
      parseError ??= `Custom CSS does not parse: ${error.message.replace(/\.$/, '').toLowerCase()} (line ${(error as { line?: number }).line ?? 1})`;
    },
  });
  if (parseError) return parseError;
  let found: string | undefined;
  walk(ast, (node) => {
    found ??= refusal(node);
  });
  return found;
}

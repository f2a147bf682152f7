// Stands in for fast-uri in the web build (vite.config.ts alias). Only @rjsf/utils imports it
// there, for `resolve` and `equal`, and only on roots that declare `$schema` 2020-12 with
// `$id`-based refs, which the forms never build; the full RFC 3986 library (its schemes,
// parser and serializer) was 6 kB of brotli in the form engine. The browser's URL parser
// resolves the same way; relative bases are resolved under a placeholder origin.
const PLACEHOLDER = 'x-relative://base';

const absolute = (uri: string): string => new URL(uri, `${PLACEHOLDER}/`).href;

const relativeAgain = ({ href, base }: { href: string; base: string }): string => {
  if (!href.startsWith(PLACEHOLDER)) return href;
  return base.startsWith('/') ? href.slice(PLACEHOLDER.length) : href.slice(PLACEHOLDER.length + 1);
};

/** `ref` resolved against `base` (RFC 3986 section 5.2), relative when `base` is. */
export function resolve(base: string, ref: string): string {
  return relativeAgain({ href: new URL(ref, absolute(base)).href, base });
}

/** Whether two URIs name the same resource once normalized (scheme and host case, dot segments). */
export function equal(a: string, b: string): boolean {
  return absolute(a) === absolute(b);
}

export default { resolve, equal };

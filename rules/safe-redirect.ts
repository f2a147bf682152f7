// The redirect safety check shared by the server (login, signup) and the web app: only a
// same-origin relative path may be followed, so a crafted link cannot send a freshly
// signed-in user to another site.

const PROBE_ORIGIN = 'https://origin.invalid';

// C0 controls, DEL and C1 controls: URL parsers drop some of them (tab, newline), which
// can turn "/\t/evil.com" into "//evil.com".
const hasControlCharacter = (s: string): boolean =>
  [...s].some((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });

export const MAX_REDIRECT_LENGTH = 2000;

export function isSafeRedirect(url: unknown): url is string {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_REDIRECT_LENGTH) return false;
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  // Browsers read "\" as "/" in special URLs, so "/\evil.com" is a protocol-relative link.
  if (url.includes('\\') || hasControlCharacter(url)) return false;
  try {
    return new URL(url, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

// The patterns of the addresses users store (components HttpUrl, HttpsUrl, ImageUrl, LinkUrl and
// HostName of openapi/root.yaml; test/pipeline/stored-urls.test.ts keeps the two the same),
// how their failures read, and the same checks for code. Only http: and https: addresses can
// be stored, so a stored link can never run script (javascript:, data:, vbscript:) or leave
// for another host through a protocol-relative //host; docs/stored-urls.md.

// A host: no spaces, control characters, path, query, fragment, backslash (browsers read it
// as a slash) or user@ part (https://trusted.example@evil.example reads as trusted).
const AUTHORITY = String.raw`[^\s\x00-\x1f\x7f/?#\\@]+`;
const REST = String.raw`(?:[/?#][^\s\x00-\x1f\x7f]*)?`;
// An uploaded file's path: one leading slash, never two (//host) or slash-backslash.
const UPLOAD_PATH = String.raw`/[^\s\x00-\x1f\x7f/\\][^\s\x00-\x1f\x7f]*`;
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TOP_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

export const HTTP_URL_PATTERN = `^(?:https?://${AUTHORITY}${REST})?$`;
export const HTTPS_URL_PATTERN = `^https://${AUTHORITY}${REST}$`;
export const IMAGE_URL_PATTERN = `^(?:https?://${AUTHORITY}${REST}|${UPLOAD_PATH})?$`;
export const HOST_NAME_PATTERN = `^(?:(?:${LABEL}\\.)+${TOP_LABEL})?$`;
// A mail address to link to: one @ between two parts without spaces, slashes or control characters.
const MAILTO = String.raw`mailto:[^\s\x00-\x1f\x7f/\\]+@[^\s\x00-\x1f\x7f/\\]+`;
/** A link a visitor follows: an http(s) address as HttpUrl, or a mailto: address (a social icon's email). */
export const LINK_URL_PATTERN = `^(?:https?://${AUTHORITY}${REST}|${MAILTO})$`;

/** The webhook URL's words are the spec's (spec 000, section 5). */
export const HTTPS_URL_MESSAGE = 'Invalid URL, must start with https://';

/** How a failure of each pattern reads, after the field's label. */
const PATTERN_WORDS = new Map<string, (label: string) => string>([
  // The spec's words for stored links ('Checkout success URL must be a valid URL').
  [HTTP_URL_PATTERN, (label) => `${label} must be a valid URL`],
  [IMAGE_URL_PATTERN, (label) => `${label} must be a valid URL`],
  [HTTPS_URL_PATTERN, () => HTTPS_URL_MESSAGE],
  [HOST_NAME_PATTERN, (label) => `${label} must be a domain name such as example.com`],
  [LINK_URL_PATTERN, (label) => `${label} must be an https:// address, or mailto: and an email address`],
]);

/** The words for a failed `pattern`, when it is one of these; Ajv's message quotes the pattern. */
export function patternMessage({ label, message }: { label: string; message: string }): string | undefined {
  const pattern = /^must match pattern "(.*)"$/s.exec(message)?.[1];
  return pattern === undefined ? undefined : PATTERN_WORDS.get(pattern)?.(label);
}

const MAX_URL_LENGTH = 2000;
const HTTP_URL = new RegExp(HTTP_URL_PATTERN, 'u');
const IMAGE_URL = new RegExp(IMAGE_URL_PATTERN, 'u');
const accepts = (pattern: RegExp, value: string): boolean => value !== '' && value.length <= MAX_URL_LENGTH && pattern.test(value);

/** A (non-empty) http(s) address as the HttpUrl schema accepts it, for values the schema did not check (a trimmed one, a form's). */
export const isHttpUrl = (value: string): boolean => accepts(HTTP_URL, value);

/** A (non-empty) image address as the ImageUrl schema accepts it: http(s), or an uploaded file's path. */
export const isImageUrl = (value: string): boolean => accepts(IMAGE_URL, value);

/**
 * The record's addresses with each one `accepts` refuses answered empty: a record stored
 * before these patterns may hold one they refuse (an upper-case scheme, a user@ part), and an
 * answer must fit its schema or the response check turns it into a 500.
 */
export function answerable<T extends Partial<Record<keyof T, string>>>({ values, accepts }: { values: T; accepts: (value: string) => boolean }): T {
  const answered = { ...values };
  for (const key of Object.keys(answered) as (keyof T)[]) {
    const value = answered[key];
    if (typeof value === 'string' && value !== '' && !accepts(value)) answered[key] = '' as T[keyof T];
  }
  return answered;
}

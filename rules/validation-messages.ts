// How a validation failure reads, shared by the server's 400 answers and the forms'
// inline errors, so the same rule gives the same words on both sides.
import { patternMessage } from './url-patterns';

const humanize = (path: string): string => {
  const parents = path.split('.');
  const last = parents.pop() ?? path;
  // An array element reads as its list and position: "Scopes item 2", not "1".
  if (/^\d+$/.test(last) && parents.length > 0) return `${humanize(parents.join('.'))} item ${Number(last) + 1}`;
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The property keyword that gives a `pattern` its words ("Version must look like 1.2.3"): a pattern itself means nothing to the person typing. */
export const PATTERN_MESSAGE = 'x-pattern-message';
/** An update that changes nothing (an empty body where `minProperties: 1` asks for a field). */
export const SEND_A_FIELD = 'Send at least one field to change';

// Decimal limits too: a minimum of 0.01 must not read as 0.
const limitIn = (message: string): string | undefined => /(\d+(?:\.\d+)?)/.exec(message)?.[1];

/**
 * `label` is the field's title when known (the schema's `title`), else the path reads as words;
 * `patternMessage` the property's `x-pattern-message`. `path` '' is the whole value (a body).
 */
export function fieldMessage({ path, errorCode, message, label: title, patternMessage: declared }: { path: string; errorCode?: string; message: string; label?: string; patternMessage?: string }): string {
  const label = title ?? (path === '' ? 'The request body' : humanize(path));
  const keyword = (errorCode ?? '').split('.')[0];
  const n = limitIn(message);
  switch (keyword) {
    case 'required':
      return `${title ?? humanize(/'([^']+)'/.exec(message)?.[1] ?? path)} is required`;
    case 'minLength':
      return n === '1' ? `${label} is required` : `${label} must be at least ${n} characters`;
    case 'maxLength':
      return `${label} must be at most ${n} characters`;
    case 'minimum':
      return `${label} must be at least ${n}`;
    case 'maximum':
      return `${label} must be at most ${n}`;
    case 'format': {
      const format = /"([^"]+)"/.exec(message)?.[1] ?? 'value';
      return `${label} must be a valid ${format.startsWith('uri') ? 'URL' : format}`;
    }
    case 'pattern':
      // Never the pattern itself: users cannot read a regular expression.
      return declared ?? patternMessage({ label, message }) ?? `${label} is not in the expected format`;
    case 'minProperties':
      return path === '' ? SEND_A_FIELD : `${label} must have at least ${n} ${n === '1' ? 'field' : 'fields'}`;
    case 'enum':
      return `${label} must be one of the allowed values`;
    case 'type':
      return `${label} ${message}`;
    case 'additionalProperties':
      return `${humanize(/'([^']+)'/.exec(message)?.[1] ?? path)} is not an allowed field`;
    default:
      return `${label} ${message}`;
  }
}

// The patterns callers send ($regex), checked and compiled in one place. RE2 runs in time
// linear in the text, so no pattern can backtrack for seconds as JavaScript's RegExp did on
// `(a+)+$` (docs/storage.md, "Patterns"); what it cannot run (backreferences, lookaround) is
// refused with the construct named, and a pattern's length is bounded.
import RE2 from 're2';
import { InvalidQueryError } from './port';

export const MAX_PATTERN_LENGTH = 512;
const CACHE_SIZE = 1000;

/** RE2's refusals of the constructs a backtracking engine has and a linear one cannot have. */
const UNSUPPORTED: [RegExp, string][] = [
  [/invalid escape sequence: \\[1-9]/, 'a backreference (\\1)'],
  [/invalid escape sequence: \\k/, 'a named backreference (\\k<name>)'],
  [/invalid perl operator: \(\?=/, 'a lookahead (?=...)'],
  [/invalid perl operator: \(\?!/, 'a negative lookahead (?!...)'],
  [/invalid perl operator: \(\?<=/, 'a lookbehind (?<=...)'],
  [/invalid perl operator: \(\?<!/, 'a negative lookbehind (?<!...)'],
];

const compiled = new Map<string, RE2>();

// By shape, not class: under jest the addon's SyntaxError comes from another realm.
const messageOf = (err: unknown): string => (typeof err === 'object' && err !== null && 'message' in err ? String(err.message) : String(err));

function compile({ source, ignoreCase, path }: { source: string; ignoreCase: boolean; path: string }): RE2 {
  if (source.length > MAX_PATTERN_LENGTH) {
    throw new InvalidQueryError(`${path}: $regex is ${source.length} characters long; at most ${MAX_PATTERN_LENGTH} are allowed`);
  }
  try {
    // `u`: a character above U+FFFF is one character, as for MongoDB.
    return new RE2(source, ignoreCase ? 'iu' : 'u');
  } catch (err) {
    const reason = messageOf(err);
    const construct = UNSUPPORTED.find(([refusal]) => refusal.test(reason))?.[1];
    if (construct) throw new InvalidQueryError(`${path}: $regex cannot use ${construct}: patterns run in linear time, without backreferences or lookaround`);
    throw new InvalidQueryError(`${path}: invalid regular expression /${source}/: ${reason}`);
  }
}

/**
 * The compiled pattern, kept for the next call (filters repeat); throws InvalidQueryError naming
 * `path` when the pattern is too long or RE2 cannot run it.
 */
export function compilePattern({ source, ignoreCase, path = 'pattern' }: { source: string; ignoreCase: boolean; path?: string }): RE2 {
  const key = `${ignoreCase ? 'i' : ''}/${source}`;
  let pattern = compiled.get(key);
  if (!pattern) {
    pattern = compile({ source, ignoreCase, path });
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, pattern);
  }
  return pattern;
}

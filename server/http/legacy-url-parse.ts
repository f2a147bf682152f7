// Node 24's url.parse checks, on every call from inside node_modules, whether the caller's stack
// lies outside them so as to print its deprecation warning (DEP0169) once, and keeps checking
// until it has: 22 µs a call instead of 1.2 (express-openapi-validator calls it on every request,
// validator-startup.ts). One call from here, with deprecation warnings muted for it, counts as the
// warning given. Our own code never calls url.parse (the WHATWG URL is used throughout), so no
// warning that would concern it is hidden.
import { parse } from 'node:url';

export function settleUrlParseWarning(): void {
  const muted = process.noDeprecation;
  process.noDeprecation = true;
  try {
    parse('/');
  } finally {
    process.noDeprecation = muted;
  }
}

// Any standard encoding of a query string is taken (docs/public-data-api.md, "Encodings").
// express-openapi-validator 5.6 refuses a query value holding an RFC 3986 reserved character as
// sent ("must be url encoded") unless its parameter says `allowReserved`; yet encodeURIComponent
// leaves ( ) ' ! * as they are, and URLSearchParams, HTML forms and curl --data-urlencode send
// `+` for a space. The query parser (qs) reads all of them, so the check only refused good
// requests: it is replaced by none. The document keeps `allowReserved` false (the default): a
// client must still percent-encode the & # + = a value may hold, and tools that honour the flag
// would not.
const PATCHED_VERSION = /^5\.6\./;

interface ParameterMutator {
  prototype: { validateReservedCharacters: (...args: unknown[]) => void };
}

let patched = false;
export function acceptAnyQueryEncoding(): void {
  if (patched) return;
  const { version } = require('express-openapi-validator/package.json') as { version: string };
  if (!PATCHED_VERSION.test(version)) throw new Error(`server/http/query-encodings.ts patches express-openapi-validator 5.6, found ${version}: check the reserved-character check is still there`);
  const mutator = require('express-openapi-validator/dist/middlewares/parsers/req.parameter.mutator') as { RequestParameterMutator: ParameterMutator };
  mutator.RequestParameterMutator.prototype.validateReservedCharacters = () => undefined;
  patched = true;
}

// Four start-up costs of express-openapi-validator 5.6 that buy nothing here, and three costs of
// every request, removed by replacing internals before the first middleware() call (docs/serving.md
// has the start-up measurements, docs/database.md the per-request ones;
// test/pipeline/validator-startup.test.ts checks the results are the same).
// The version check makes an upgrade revisit all seven.
// - OpenAPIFramework.loadSpec runs json-schema-ref-parser's bundle() over the document, which
//   only gathers external files; a JSON document whose every $ref is internal (ours is bundled
//   by scripts/bundle-openapi.ts) comes out as it went in, so it is parsed and used as is.
// - OpenAPISchemaValidator compiles the OpenAPI 3.1 meta-schema at every start even with
//   validateApiSpec: false, when nothing uses it. The tests check the document against it.
// - SchemaPreprocessor.resolveSchema resolves a $ref with ajv.getSchema, which compiles the
//   referenced schema only to hand back its source (the request and response validators
//   compile it again). A lookup of the same JSON pointer returns the same object.
// - Each request and response validator is given the document's whole paths and components, which
//   Ajv walks before compiling (about 80 ms on the first request): only the components the
//   operation reaches are given (reachable-components.ts), the same objects under the same pointers.
// - On every request, openapi.metadata's lookupRoute compiles each route's path with
//   path-to-regexp until one matches (about a hundred compilations for an /integrations path).
//   A path's pattern never changes, so each is compiled once and kept (issue 8's list bench).
// - Even with kept patterns, that lookup walks all routes in document order (about 1 µs each, a
//   tenth of a database list request). The walk is given only the routes a path's leading
//   literal segments allow, in the same order, so the first match is the same route.
// - Its parameter mutator calls the legacy url.parse on every request. Node 24's url.parse looks
//   at the caller's stack on every call from inside node_modules until it has printed its
//   deprecation warning once (isInsideNodeModules: 22 µs a call, 1.2 µs after): one call from
//   here with deprecation warnings muted ends that, and prints nothing (legacy-url-parse.ts).
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { withReachableComponents } from './reachable-components';
import { settleUrlParseWarning } from './legacy-url-parse';

type Schema = Record<string, unknown>;
interface Preprocessor {
  apiDoc: Schema;
  resolvedSchemaCache: Map<string, unknown>;
}
type UseAjvCache = (ajv: unknown, schema: Schema, key: string) => unknown;
type LoadSpec = (this: unknown, spec: unknown, refParser?: { mode?: string }) => Promise<unknown>;
interface SpecValidator {
  validate(doc: unknown): { errors: unknown[] };
}
type SpecValidatorClass = new (opts: { validateApiSpec?: boolean }) => SpecValidator;

const PATCHED_VERSION = /^5\.6\./;

const onlyInternalRefs = (node: unknown): boolean => {
  if (!node || typeof node !== 'object') return true;
  const ref = (node as Schema).$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) return false;
  return Object.values(node).every(onlyInternalRefs);
};

/** Parses a local JSON document with internal references only; anything else goes to the library's loader. */
const loadSelfContained =
  (bundling: LoadSpec): LoadSpec =>
  function (spec, refParser) {
    if (typeof spec === 'string' && spec.endsWith('.json') && refParser?.mode !== 'dereference') {
      const doc: unknown = JSON.parse(readFileSync(spec, 'utf8'));
      if (onlyInternalRefs(doc)) return Promise.resolve(doc);
    }
    return bundling.call(this, spec, refParser);
  };

/** The library's class when the document is to be checked, an empty check otherwise. */
const skipUnlessAsked = (Checking: SpecValidatorClass): SpecValidatorClass =>
  class {
    private readonly checking?: SpecValidator;
    constructor(opts: { validateApiSpec?: boolean }) {
      this.checking = opts.validateApiSpec ? new Checking(opts) : undefined;
    }
    validate(doc: unknown): { errors: unknown[] } {
      return this.checking?.validate(doc) ?? { errors: [] };
    }
  };

const lookUp = (doc: Schema, ref: string): unknown =>
  ref
    .replace(/^#\/?/, '')
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Schema)[key] : undefined), doc);

function resolveSchema(this: Preprocessor, schema: Schema | undefined): unknown {
  if (!schema) return null;
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (!this.resolvedSchemaCache.has(ref)) this.resolvedSchemaCache.set(ref, lookUp(this.apiDoc, ref));
  return this.resolvedSchemaCache.get(ref);
}

interface PathPattern {
  regexp: RegExp;
  keys: { name: string }[];
}
type PathToRegexp = (path: unknown, options?: { sensitive?: boolean; strict?: boolean }) => PathPattern;
const MAX_KEPT_PATTERNS = 2000;

/** The same pattern for the same path and options (patterns have no `g` flag, so no state). */
function keptPatterns(compile: PathToRegexp): PathToRegexp {
  const kept = new Map<string, PathPattern>();
  return (path, options) => {
    if (typeof path !== 'string') return compile(path, options);
    const key = `${String(options?.sensitive)}|${String(options?.strict)}|${path}`;
    let pattern = kept.get(key);
    if (!pattern) {
      pattern = compile(path, options);
      if (kept.size < MAX_KEPT_PATTERNS) kept.set(key, pattern);
    }
    return pattern;
  };
}

interface RouteContext {
  expressRouteMap: Record<string, unknown>;
  useRequestUrl?: boolean;
}
interface RoutedRequest {
  url: string;
  originalUrl: string;
}
type Middleware = (req: RoutedRequest, res: unknown, next: unknown) => unknown;
type ApplyMetadata = (context: RouteContext, responseApiDoc: unknown) => Middleware;
const PREFIX_SEGMENTS = 3;
const MAX_KEPT_PREFIXES = 1000;

/** A route's segments up to its first parameter, lower-cased (a superset if routing is case-sensitive). */
const literalStart = (route: string): string[] => {
  const segments = route.toLowerCase().split('/').slice(1);
  const end = segments.findIndex((segment) => /[:*?({]/.test(segment));
  return end === -1 ? segments : segments.slice(0, end);
};

/** The library's route lookup, run on the routes that can match a path's first literal segments. */
const routesByPrefix =
  (apply: ApplyMetadata): ApplyMetadata =>
  (context, responseApiDoc) => {
    const everyRoute = apply(context, responseApiDoc);
    const starts = Object.keys(context.expressRouteMap).map((route) => ({ route, start: literalStart(route) }));
    // Segments no route has at a position (ids, unknown words) end the prefix, so prefixes stay few.
    const known = Array.from({ length: PREFIX_SEGMENTS }, (_, i) => new Set(starts.map(({ start }) => start[i])));
    const kept = new Map<string, Middleware>();
    const forPrefix = (prefix: string[]): Middleware => {
      const fits = starts.filter(({ start }) => prefix.every((segment, i) => i >= start.length || start[i] === segment));
      const expressRouteMap = Object.fromEntries(fits.map(({ route }) => [route, context.expressRouteMap[route]]));
      return apply(Object.assign(Object.create(context) as RouteContext, { expressRouteMap }), responseApiDoc);
    };
    return (req, res, next) => {
      const segments = (context.useRequestUrl ? req.url : req.originalUrl).split('?')[0].toLowerCase().split('/').slice(1, 1 + PREFIX_SEGMENTS);
      const unknownAt = segments.findIndex((segment, i) => !known[i].has(segment));
      const prefix = unknownAt === -1 ? segments : segments.slice(0, unknownAt);
      const key = prefix.join('/');
      let middleware = kept.get(key);
      if (!middleware) {
        if (kept.size >= MAX_KEPT_PREFIXES) return everyRoute(req, res, next);
        middleware = forPrefix(prefix);
        kept.set(key, middleware);
      }
      return middleware(req, res, next);
    };
  };

let patched = false;
export function trimValidatorStartup(): void {
  if (patched) return;
  const { version } = require('express-openapi-validator/package.json') as { version: string };
  if (!PATCHED_VERSION.test(version)) throw new Error(`server/http/validator-startup.ts patches express-openapi-validator 5.6, found ${version}: check the patches still apply`);
  const framework = require('express-openapi-validator/dist/framework/index') as { OpenAPIFramework: { prototype: { loadSpec: LoadSpec } } };
  framework.OpenAPIFramework.prototype.loadSpec = loadSelfContained(framework.OpenAPIFramework.prototype.loadSpec);
  const specValidator = require('express-openapi-validator/dist/framework/openapi.schema.validator') as { OpenAPISchemaValidator: SpecValidatorClass };
  specValidator.OpenAPISchemaValidator = skipUnlessAsked(specValidator.OpenAPISchemaValidator);
  const preprocessor = require('express-openapi-validator/dist/middlewares/parsers/schema.preprocessor') as { SchemaPreprocessor: { prototype: { resolveSchema: unknown } } };
  preprocessor.SchemaPreprocessor.prototype.resolveSchema = resolveSchema;
  const util = require('express-openapi-validator/dist/middlewares/util') as { useAjvCache: UseAjvCache };
  const cachedValidator = util.useAjvCache;
  util.useAjvCache = (ajv, schema, key) => cachedValidator(ajv, withReachableComponents(schema), key);
  const metadata = dirname(require.resolve('express-openapi-validator/dist/middlewares/openapi.metadata'));
  const paths = require(require.resolve('path-to-regexp', { paths: [metadata] })) as { pathToRegexp: PathToRegexp };
  paths.pathToRegexp = keptPatterns(paths.pathToRegexp);
  const routing = require('express-openapi-validator/dist/middlewares/openapi.metadata') as { applyOpenApiMetadata: ApplyMetadata };
  routing.applyOpenApiMetadata = routesByPrefix(routing.applyOpenApiMetadata);
  settleUrlParseWarning();
  patched = true;
}

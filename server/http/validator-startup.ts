// Four start-up costs of express-openapi-validator 5.6 that buy nothing here, and two costs of
// every request, removed by replacing internals before the first middleware() call (docs/serving.md
// has the start-up measurements, docs/database.md the per-request ones;
// test/pipeline/validator-startup.test.ts checks the results are the same).
// The version check makes an upgrade revisit all six.
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
//   path-to-regexp until one matches (about a hundred compilations for an /integrations path),
//   walking all routes in document order. route-lookup.ts replaces it: patterns compiled once,
//   the walk narrowed to the routes a path's leading literal segments allow.
// - Its parameter mutator calls the legacy url.parse on every request. Node 24's url.parse looks
//   at the caller's stack on every call from inside node_modules until it has printed its
//   deprecation warning once (isInsideNodeModules: 22 µs a call, 1.2 µs after): one call from
//   here with deprecation warnings muted ends that, and prints nothing (legacy-url-parse.ts).
import { readFileSync } from 'node:fs';
import { withReachableComponents } from './reachable-components';
import { applyOpenApiMetadata } from './route-lookup';
import type { ApplyMetadata } from './route-lookup';
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
  const routing = require('express-openapi-validator/dist/middlewares/openapi.metadata') as { applyOpenApiMetadata: ApplyMetadata };
  routing.applyOpenApiMetadata = applyOpenApiMetadata;
  settleUrlParseWarning();
  patched = true;
}

// Two start-up costs of express-openapi-validator 5.6 that buy nothing here, removed by
// replacing two of its internals before the first middleware() call (docs/serving.md has
// the measurements). The version check makes an upgrade revisit both.
// - OpenAPISchemaValidator compiles the OpenAPI 3.1 meta-schema at every start even with
//   validateApiSpec: false, when nothing uses it. The document is checked against the
//   meta-schema once, by test/pipeline/document.test.ts.
// - SchemaPreprocessor.resolveSchema resolves a $ref with ajv.getSchema, which compiles the
//   referenced schema only to hand back its source (the request and response validators
//   compile it again). A lookup of the same JSON pointer returns the same object.
type Schema = Record<string, unknown>;
interface Preprocessor {
  apiDoc: Schema;
  resolvedSchemaCache: Map<string, unknown>;
}

const PATCHED_VERSION = /^5\.6\./;

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

interface SpecValidator {
  validate(doc: unknown): { errors: unknown[] };
}
type SpecValidatorClass = new (opts: { validateApiSpec?: boolean }) => SpecValidator;

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

let patched = false;
export function trimValidatorStartup(): void {
  if (patched) return;
  const { version } = require('express-openapi-validator/package.json') as { version: string };
  if (!PATCHED_VERSION.test(version)) throw new Error(`server/http/validator-startup.ts patches express-openapi-validator 5.6, found ${version}: check both patches still apply`);
  const specValidator = require('express-openapi-validator/dist/framework/openapi.schema.validator') as { OpenAPISchemaValidator: SpecValidatorClass };
  specValidator.OpenAPISchemaValidator = skipUnlessAsked(specValidator.OpenAPISchemaValidator);
  const preprocessor = require('express-openapi-validator/dist/middlewares/parsers/schema.preprocessor') as { SchemaPreprocessor: { prototype: { resolveSchema: unknown } } };
  preprocessor.SchemaPreprocessor.prototype.resolveSchema = resolveSchema;
  patched = true;
}

// server/http/validator-startup.ts removes three start-up costs of express-openapi-validator.
// What they skipped is checked here instead: the document passes the OpenAPI meta-schema, the
// document loads as json-schema-ref-parser's bundle() would give it, and the quicker $ref
// lookup preprocesses the document exactly as the library's own does, and the narrowed route
// walk finds the same route for every path of the document (and for paths of none).
import { OpenAPISchemaValidator } from 'express-openapi-validator/dist/framework/openapi.schema.validator';
import { SchemaPreprocessor } from 'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor';
import { AjvOptions } from 'express-openapi-validator/dist/framework/ajv/options';
import { OpenAPIFramework } from 'express-openapi-validator/dist/framework/index';
import { OpenApiSpecLoader } from 'express-openapi-validator/dist/framework/openapi.spec.loader';
import { OpenApiContext } from 'express-openapi-validator/dist/framework/openapi.context';
import * as routing from 'express-openapi-validator/dist/middlewares/openapi.metadata';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import { trimValidatorStartup } from '../../server/http/validator-startup';
import { openApiDocument, openApiPath } from '../../server/http/openapi-document';

const preprocess = (): string => {
  const doc = structuredClone(openApiDocument()) as unknown as OpenAPIV3.DocumentV3;
  const ajvOptions = new AjvOptions({ serDes: [], formats: {}, validateFormats: true, ajvFormats: { mode: 'fast' } } as never).preprocessor;
  const { apiDoc, apiDocRes } = new SchemaPreprocessor(doc, ajvOptions, {}).preProcess();
  return JSON.stringify({ apiDoc, apiDocRes });
};

// loadSpec is private in the library's types; it is what the validator calls to read the document.
const framework = new OpenAPIFramework({ apiDoc: openApiPath }) as unknown as { loadSpec(path: string): Promise<unknown> };
const load = async (): Promise<string> => JSON.stringify(await framework.loadSpec(openApiPath));

// The library's route lookup, taken before the trims replace it.
const libraryLookup = routing.applyOpenApiMetadata;
type Lookup = typeof libraryLookup;

/** Every document path with its parameters filled (ids, route words), in capitals with a trailing slash, with another method, and paths of no route. */
const requestPaths = (): { method: string; url: string }[] => {
  const filled = Object.entries(openApiDocument().paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'x-1') })),
  );
  const variants = filled.flatMap(({ method, url }) => [
    { method, url },
    // A parameter holding a word that other routes have there (/api/project/apps).
    { method, url: url.replace(/x-1/g, 'apps') },
    { method, url: `${url.toUpperCase()}/?page=2` },
    { method: method === 'GET' ? 'DELETE' : 'GET', url },
  ]);
  const strangers = ['/', '/api', '/api/x-1/x-2/x-3', '/integrations/developer/apps/x-1/nope', '/integr%61tions/developer/apps', '/embed.js'];
  return [...variants, ...strangers.map((url) => ({ method: 'GET', url }))];
};

const routesFound = async (lookup: Lookup): Promise<string[]> => {
  const spec = await new OpenApiSpecLoader({ apiDoc: openApiPath, validateApiSpec: false, $refParser: { mode: 'bundle' } } as never).load();
  // As the product's validator: no ignored paths (a pattern matching nothing), undocumented ones passed on.
  const middleware = lookup(new OpenApiContext(spec, /(?!)/, true, false), spec.apiDoc);
  return requestPaths().map(({ method, url }) => {
    const req = { method, url, originalUrl: url, path: url.split('?')[0], baseUrl: '', app: { enabled: () => false } } as unknown as Parameters<typeof middleware>[0];
    middleware(req, {} as never, () => undefined);
    return `${method} ${url} -> ${req.openapi ? `${req.openapi.openApiRoute} ${JSON.stringify(req.params)}` : 'none'}`;
  });
};

describe('express-openapi-validator start-up trims', () => {
  // The library's own results, taken before the trims replace its internals for this file.
  let before: { loaded: string; preprocessed: string; routes: string[] };
  beforeAll(async () => {
    before = { loaded: await load(), preprocessed: preprocess(), routes: await routesFound(libraryLookup) };
    trimValidatorStartup();
  });

  it('leaves a document that passes the OpenAPI meta-schema', () => {
    const doc = openApiDocument();
    const { errors } = new OpenAPISchemaValidator({ version: String(doc.openapi), validateApiSpec: true }).validate(doc as never);
    expect(errors).toEqual([]);
  });

  it('loads the document as the library does', async () => {
    expect(await load()).toBe(before.loaded);
  });

  it('preprocesses the document as the library does', () => {
    expect(preprocess()).toBe(before.preprocessed);
  });

  it('finds the route the library finds for every path', async () => {
    expect(routing.applyOpenApiMetadata).not.toBe(libraryLookup);
    const after = await routesFound(routing.applyOpenApiMetadata);
    expect(after).toEqual(before.routes);
    expect(after.filter((line) => !line.endsWith('none')).length).toBeGreaterThan(100);
  });
});

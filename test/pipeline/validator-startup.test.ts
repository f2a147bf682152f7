// server/http/validator-startup.ts removes three start-up costs of express-openapi-validator.
// What they skipped is checked here instead: the document passes the OpenAPI meta-schema, the
// document loads as json-schema-ref-parser's bundle() would give it, and the quicker $ref
// lookup preprocesses the document exactly as the library's own does.
import { OpenAPISchemaValidator } from 'express-openapi-validator/dist/framework/openapi.schema.validator';
import { SchemaPreprocessor } from 'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor';
import { AjvOptions } from 'express-openapi-validator/dist/framework/ajv/options';
import { OpenAPIFramework } from 'express-openapi-validator/dist/framework/index';
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

describe('express-openapi-validator start-up trims', () => {
  // The library's own results, taken before the trims replace its internals for this file.
  let before: { loaded: string; preprocessed: string };
  beforeAll(async () => {
    before = { loaded: await load(), preprocessed: preprocess() };
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
});

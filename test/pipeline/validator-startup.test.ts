// server/http/validator-startup.ts removes two start-up costs of express-openapi-validator.
// What they skipped is checked here instead: the document passes the OpenAPI meta-schema, and
// the quicker $ref lookup preprocesses the document exactly as the library's own does.
import { OpenAPISchemaValidator } from 'express-openapi-validator/dist/framework/openapi.schema.validator';
import { SchemaPreprocessor } from 'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor';
import { AjvOptions } from 'express-openapi-validator/dist/framework/ajv/options';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import { trimValidatorStartup } from '../../server/http/validator-startup';
import { openApiDocument } from '../../server/http/openapi-document';

const preprocess = (): string => {
  const doc = structuredClone(openApiDocument()) as unknown as OpenAPIV3.DocumentV3;
  const ajvOptions = new AjvOptions({ serDes: [], formats: {}, validateFormats: true, ajvFormats: { mode: 'fast' } } as never).preprocessor;
  const { apiDoc, apiDocRes } = new SchemaPreprocessor(doc, ajvOptions, {}).preProcess();
  return JSON.stringify({ apiDoc, apiDocRes });
};

describe('express-openapi-validator start-up trims', () => {
  it('leaves a document that passes the OpenAPI meta-schema', () => {
    const doc = openApiDocument();
    const { errors } = new OpenAPISchemaValidator({ version: String(doc.openapi), validateApiSpec: true }).validate(doc as never);
    expect(errors).toEqual([]);
  });

  it('preprocesses the document as the library does', () => {
    const before = preprocess();
    trimValidatorStartup();
    expect(preprocess()).toBe(before);
  });
});

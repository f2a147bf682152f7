// server/http/reachable-components.ts gives Ajv only the components a validator's schema reaches.
// Checked here: what counts as reached (and what keeps the whole schema), and that for the
// document's operations the validator Ajv compiles is the same code as from the library's schema,
// on the library's own Ajv instances (which also hold every component schema by its pointer).
import { createRequestAjv, createResponseAjv } from 'express-openapi-validator/dist/framework/ajv/index';
import { SchemaPreprocessor } from 'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor';
import { AjvOptions } from 'express-openapi-validator/dist/framework/ajv/options';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import { reachableComponents, withReachableComponents } from '../../server/http/reachable-components';
import { openApiDocument } from '../../server/http/openapi-document';

type Node = Record<string, unknown>;

const components: Node = {
  schemas: {
    Plain: { type: 'string' },
    Wrapper: { type: 'object', properties: { inner: { $ref: '#/components/schemas/Plain' } } },
    'a/b': { type: 'number' },
    Cat: { type: 'object' },
    Dog: { type: 'object' },
    Unused: { type: 'boolean' },
  },
  responses: { Failure: { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/Wrapper' } } } } },
};
const schemas = components.schemas as Node;

describe('reachableComponents', () => {
  it.each<[string, unknown, Node | undefined]>([
    ['nothing referenced', { type: 'string' }, {}],
    ['a chain of references', { $ref: '#/components/schemas/Wrapper' }, { schemas: { Wrapper: schemas.Wrapper, Plain: schemas.Plain } }],
    ['a pointer into an entry keeps the whole entry', { $ref: '#/components/schemas/Wrapper/properties/inner' }, { schemas: { Wrapper: schemas.Wrapper, Plain: schemas.Plain } }],
    ['an escaped name', { $ref: '#/components/schemas/a~1b' }, { schemas: { 'a/b': schemas['a/b'] } }],
    ['another section', { $ref: '#/components/responses/Failure' }, { responses: { Failure: (components.responses as Node).Failure }, schemas: { Wrapper: schemas.Wrapper, Plain: schemas.Plain } }],
    [
      'a discriminator mapping',
      { oneOf: [{ $ref: '#/components/schemas/Cat' }], discriminator: { propertyName: 'kind', mapping: { dog: '#/components/schemas/Dog' } } },
      { schemas: { Cat: schemas.Cat, Dog: schemas.Dog } },
    ],
    ['a colour is not a reference', { default: '#5b5bd6' }, {}],
    ['a reference into paths', { $ref: '#/paths/~1x/get' }, undefined],
    ['a reference to the root', { $ref: '#' }, undefined],
    ['an anchor reference', { $ref: '#node' }, undefined],
    ['a schema with an $id', { $id: 'https://example.com/s', type: 'string' }, undefined],
    ['a dynamic reference', { $dynamicRef: '#meta' }, undefined],
    ['a missing component', { $ref: '#/components/schemas/Nope' }, undefined],
  ])('%s', (_, root, expected) => {
    const reached = reachableComponents({ roots: [root], components });
    expect(reached).toEqual(expected);
    for (const [section, entries] of Object.entries(reached ?? {})) {
      for (const [name, entry] of Object.entries(entries as Node)) expect(entry).toBe((components[section] as Node)[name]);
    }
  });

  it('leaves paths out and keeps the rest of the schema as it was', () => {
    const body = { $ref: '#/components/schemas/Plain' };
    const schema = { paths: { '/x': {} }, components, required: ['body'], properties: { body } };
    expect(withReachableComponents(schema)).toEqual({ required: ['body'], properties: { body }, components: { schemas: { Plain: schemas.Plain } } });
  });

  it('gives back the schema itself when something is reached otherwise', () => {
    const schema = { paths: {}, components, properties: { body: { $ref: '#/paths/x' } } };
    expect(withReachableComponents(schema)).toBe(schema);
  });
});

const ajvOptions = (): AjvOptions =>
  new AjvOptions({ serDes: [], formats: {}, validateFormats: true, validateRequests: { allErrors: true }, validateResponses: true, ajvFormats: { mode: 'fast' } } as never);

/** The document preprocessed as the library does, and the Ajv options it uses. */
function libraryDocument(): { apiDoc: OpenAPIV3.DocumentV3 | OpenAPIV3.DocumentV3_1; options: AjvOptions } {
  const options = ajvOptions();
  const doc = structuredClone(openApiDocument()) as unknown as OpenAPIV3.DocumentV3;
  const { apiDoc } = new SchemaPreprocessor(doc, options.preprocessor, {}).preProcess();
  return { apiDoc, options };
}
/** Every 10th operation's request and response schemas, shaped as the library's validators shape them. */
function librarySchemas(apiDoc: OpenAPIV3.DocumentV3 | OpenAPIV3.DocumentV3_1): { kind: 'request' | 'response'; schema: Node }[] {
  const doc = apiDoc as unknown as { paths: Record<string, Record<string, Node>>; components: Node };
  const operations = Object.values(doc.paths).flatMap((item) => Object.values(item).filter((op) => typeof op === 'object' && 'responses' in op));
  return operations
    .filter((_, i) => i % 10 === 0)
    .flatMap((op) => {
      const body = ((op.requestBody as Node | undefined)?.content as Record<string, Node> | undefined)?.['application/json']?.schema ?? {};
      const request = { kind: 'request' as const, schema: { paths: doc.paths, components: doc.components, required: ['query', 'headers', 'params'], properties: { query: {}, headers: {}, params: {}, cookies: {}, body } } };
      const responses = Object.values(op.responses as Record<string, Node>).flatMap((response) => {
        const schema = (response.content as Record<string, Node> | undefined)?.['application/json']?.schema;
        return schema ? [{ kind: 'response' as const, schema: { type: 'object', properties: { response: schema }, components: doc.components, paths: doc.paths } }] : [];
      });
      return [request, ...responses];
    });
}

describe('validators with the reachable components only', () => {
  it('compile to the same code on the library’s Ajv instances', () => {
    const { apiDoc, options } = libraryDocument();
    // A pair of instances per side, so that the functions Ajv numbers get the same numbers on both.
    const ajvsOf = () => ({ request: createRequestAjv(apiDoc, options.request), response: createResponseAjv(apiDoc, options.response) });
    const [library, trimming] = [ajvsOf(), ajvsOf()];
    const cases = librarySchemas(apiDoc);
    expect(cases.length).toBeGreaterThan(25);
    let trimmed = 0;
    for (const { kind, schema } of cases) {
      const given = withReachableComponents(schema);
      if (given !== schema) trimmed += 1;
      expect(trimming[kind].compile(given).toString()).toBe(library[kind].compile(schema).toString());
    }
    expect(trimmed).toBe(cases.length);
  });
});

// The OpenAPI document is the contract: every operation is complete, the areas merge
// without silent overwrites, and the server has exactly one handler per operation.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleOpenApi } from '../../scripts/bundle-openapi';
import { resourceHandlers } from '../../server/resources/handlers';
import { loadHandlers } from '../../server/http/handlers-loader';
import { openApiDocument, operationIds } from '../../server/http/openapi-document';
import { tempDir } from '../helpers/temp-dir';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = Object.entries(openApiDocument().paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);

const writeArea = (dir: string, file: string, body: string): void => writeFileSync(join(dir, file), body);
const ROOT = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Shared: {type: string}\n";

describe('the OpenAPI document', () => {
  it.each(operations)('$name has an operationId, a tag, a security choice and a success answer', ({ op }) => {
    expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(op.tags?.length).toBeGreaterThan(0);
    expect(Array.isArray(op.security)).toBe(true);
    expect(Object.keys(op.responses ?? {}).some((code) => /^[23]\d\d$/.test(code))).toBe(true);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operationIds(openApiDocument());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('merges area files into one document with sorted paths', () => {
    const dir = tempDir('nindo-openapi-');
    writeArea(dir, 'root.yaml', ROOT);
    writeArea(dir, 'b.yaml', 'paths:\n  /b: {get: {operationId: getB}}\n');
    writeArea(dir, 'a.yaml', 'paths:\n  /a: {get: {operationId: getA}}\ncomponents:\n  schemas:\n    A: {type: number}\n');
    const doc = bundleOpenApi(dir) as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths)).toEqual(['/a', '/b']);
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['A', 'Shared']);
  });

  it.each([
    ['a schema', 'components:\n  schemas:\n    Shared: {type: number}\n', 'root.components.schemas.Shared'],
    ['a path', 'paths:\n  /a: {post: {operationId: postA}}\n', 'root.paths./a'],
  ])('refuses two area files defining %s twice', (_what, second, key) => {
    const dir = tempDir('nindo-openapi-');
    writeArea(dir, 'root.yaml', ROOT);
    writeArea(dir, 'a.yaml', 'paths:\n  /a: {get: {operationId: getA}}\n');
    writeArea(dir, 'b.yaml', second);
    expect(() => bundleOpenApi(dir)).toThrow(`OpenAPI key defined twice: ${key}`);
  });
});

describe('the handler loader', () => {
  const ids = operationIds(openApiDocument());
  // Operations of declared resources (app user notes) come with their generic handlers.
  const declared = resourceHandlers(openApiDocument());

  it('finds one handler for every operation', () => {
    expect([...loadHandlers(ids, declared).keys()].sort()).toEqual([...ids].sort());
  });

  it('refuses to start when an operation has no handler', () => {
    expect(() => loadHandlers([...ids, 'launchRocket'], declared)).toThrow('No handler for operations: launchRocket');
  });

  it('refuses to start when a handler names no operation', () => {
    expect(() => loadHandlers(ids.filter((id) => id !== 'getHealth'), declared)).toThrow('Handlers for unknown operations: getHealth');
  });
});

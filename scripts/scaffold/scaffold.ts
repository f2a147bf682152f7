// npm run scaffold -- <operationId>: writes a typed handler stub, a service stub and a test stub
// for an operation of generated/openapi.json that needs hand-written code (docs/extending.md).
// Refuses an unknown operation, one that already has a handler or is served by a declared
// resource, and any file that exists, so it never overwrites work.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openApiDocument } from '../../server/http/openapi-document';
import type { OpenApiDocument } from '../../server/http/openapi-document';
import { handlerModules } from '../../server/http/handler-modules';
import { ROOT } from '../../server/paths';
import { handlerStub, serviceStub, testStub } from './stubs';
import { kebabName } from '../../rules/resource-declaration';
import type { OperationFacts } from './stubs';

type Parameter = { in: string; name: string } | { $ref: string };

interface OperationNode {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  parameters?: Parameter[];
  responses?: Record<string, unknown>;
  'x-resource-operation'?: unknown;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

const resolve = ({ document, parameter }: { document: OpenApiDocument; parameter: Parameter }): { in: string; name: string } => {
  if (!('$ref' in parameter)) return parameter;
  const name = parameter.$ref.replace('#/components/parameters/', '');
  return (document.components as { parameters: Record<string, { in: string; name: string }> }).parameters[name];
};

export function operationFacts({ document, operationId }: { document: OpenApiDocument; operationId: string }): OperationFacts {
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = ((item as { parameters?: OperationNode['parameters'] }).parameters ?? []);
    for (const [method, node] of Object.entries(item as Record<string, OperationNode>)) {
      if (!METHODS.has(method) || node.operationId !== operationId) continue;
      if (node['x-resource-operation']) throw new Error(`${operationId} is served by a declared resource: change its x-resource block instead`);
      const status = Object.keys(node.responses ?? {}).find((code) => code.startsWith('2')) ?? '200';
      const globalSecurity = (document as { security?: unknown[] }).security ?? [];
      return {
        operationId,
        method,
        path,
        area: kebabName(node.tags?.[0] ?? 'misc'),
        status,
        secured: (node.security ?? globalSecurity).length > 0,
        hasBody: Boolean(node.requestBody),
        pathParameters: [...shared, ...(node.parameters ?? [])].map((one) => resolve({ document, parameter: one })).filter((one) => one.in === 'path').map((one) => one.name),
      };
    }
  }
  throw new Error(`No operation ${operationId} in generated/openapi.json: describe it in openapi/ and run npm run generate first`);
}

export function scaffold({ operationId, root = ROOT, document = openApiDocument(), handled = true }: { operationId: string; root?: string; document?: OpenApiDocument; handled?: boolean }): string[] {
  const op = operationFacts({ document, operationId });
  if (handled && handlerModules().some((module) => operationId in module.exports)) throw new Error(`${operationId} already has a handler`);
  const file = kebabName(operationId);
  const files = {
    [join(root, 'server', 'handlers', op.area, `${file}.ts`)]: handlerStub(op),
    [join(root, 'server', 'services', op.area, `${file}.ts`)]: serviceStub(op),
    [join(root, 'test', op.area, `${file}.test.ts`)]: testStub(op),
  };
  const existing = Object.keys(files).filter((path) => existsSync(path));
  if (existing.length > 0) throw new Error(`Would overwrite ${existing.join(', ')}`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return Object.keys(files);
}

if (require.main === module) {
  const operationId = process.argv[2];
  if (!operationId) {
    console.error('Usage: npm run scaffold -- <operationId>');
    process.exit(2);
  }
  try {
    for (const path of scaffold({ operationId })) console.log(`wrote ${path}`);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}

// The bundled document, loaded once; the validator, the handler loader and /docs share it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../paths';
import type { OperationObject } from './projection';

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject & { operationId?: string }>>;
  [key: string]: unknown;
}

export const openApiPath = join(ROOT, 'generated', 'openapi.json');

export const readOpenApiDocument = (path: string): OpenApiDocument => JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;

let cached: OpenApiDocument | undefined;
export function openApiDocument(): OpenApiDocument {
  cached ??= readOpenApiDocument(openApiPath);
  return cached;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head']);
export function operationIds(doc: OpenApiDocument): string[] {
  return Object.values(doc.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([, op]) => op.operationId)
      .filter((id): id is string => Boolean(id)),
  );
}

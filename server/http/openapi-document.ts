// The bundled document, loaded once; the validator, the handler loader, /docs, the indexes and
// schema evolution share it. Which file: OPENAPI_DOCUMENT (docs/operations.md), read here only,
// because modules with no app context read the document too (field labels, widget settings).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from '../paths';
import type { OperationObject } from './projection';

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject & { operationId?: string }>>;
  [key: string]: unknown;
}

/** A document the server cannot start on: a message for the operator, not a crash. */
export class OpenApiDocumentError extends Error {}

/** OPENAPI_DOCUMENT, relative to the current folder like the other paths; generated/openapi.json unless set. */
export const openApiPathFrom = (env: NodeJS.ProcessEnv): string => (env.OPENAPI_DOCUMENT ? resolve(env.OPENAPI_DOCUMENT) : join(ROOT, 'generated', 'openapi.json'));

export const openApiPath = openApiPathFrom(process.env);

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The bundled document at `path`, refused with a message naming the file when it is missing, not JSON or not a bundled OpenAPI 3 document. */
export function readOpenApiDocument(path: string): OpenApiDocument {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : messageOf(err);
    throw new OpenApiDocumentError(`Cannot read the OpenAPI document ${path} (OPENAPI_DOCUMENT): ${reason}. Run npm run generate, or set OPENAPI_DOCUMENT to a bundled openapi.json.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new OpenApiDocumentError(`The OpenAPI document ${path} (OPENAPI_DOCUMENT) is not JSON: ${messageOf(err)}. Give the bundled openapi.json that npm run generate writes.`);
  }
  if (!isObject(parsed) || typeof parsed.openapi !== 'string' || !parsed.openapi.startsWith('3.') || !isObject(parsed.paths) || !isObject(parsed.components)) {
    throw new OpenApiDocumentError(`The OpenAPI document ${path} (OPENAPI_DOCUMENT) is not a bundled OpenAPI 3 document: it needs "openapi": "3.x", "paths" and "components". Give the openapi.json that npm run generate writes.`);
  }
  return parsed as OpenApiDocument;
}

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

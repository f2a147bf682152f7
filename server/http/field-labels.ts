// Finds a request field's `title` in the operation's schema, so a 400 says "Email must be
// at least 4 characters" rather than naming the wire key ("username").
import type { Request } from 'express';
import { openApiDocument } from './openapi-document';

interface SchemaNode {
  $ref?: string;
  title?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: SchemaNode[];
}

interface OperationNode {
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
  parameters?: { name: string; in: string; schema?: SchemaNode }[];
}

/** The referenced schema; a title written beside the $ref (OpenAPI 3.1) is the field's and wins. */
const deref = (node: SchemaNode | undefined): SchemaNode | undefined => {
  if (!node?.$ref) return node;
  const name = node.$ref.replace('#/components/schemas/', '');
  const schemas = (openApiDocument().components as { schemas?: Record<string, SchemaNode> } | undefined)?.schemas;
  const target = deref(schemas?.[name]);
  return node.title && target ? { ...target, title: node.title } : target;
};

const child = (node: SchemaNode | undefined, key: string): SchemaNode | undefined => {
  const resolved = deref(node);
  if (!resolved) return undefined;
  if (/^\d+$/.test(key) && resolved.items) return deref(resolved.items);
  return deref(resolved.properties?.[key] ?? resolved.allOf?.map((part) => child(part, key)).find(Boolean));
};

export function fieldLabel({ req, path }: { req: Request; path: string }): string | undefined {
  const operation = (req as Request & { openapi?: { schema?: OperationNode } }).openapi?.schema;
  if (!operation) return undefined;
  const [first, ...rest] = path.split('.');
  if (first === 'query' || first === 'path') {
    const where = first === 'path' ? 'path' : 'query';
    const param = operation.parameters?.find((p) => p.in === where && p.name === rest[0]);
    return deref(param?.schema)?.title;
  }
  const body = operation.requestBody?.content?.['application/json']?.schema ?? operation.requestBody?.content?.['multipart/form-data']?.schema;
  return path.split('.').reduce<SchemaNode | undefined>((node, key) => child(node, key), body)?.title;
}

// Finds a request field's `title` in the operation's schema, so a 400 says "Email must be
// at least 4 characters" rather than naming the wire key ("username"), and the words its
// schema gives a failed pattern (`x-pattern-message`, rules/validation-messages.ts).
import type { Request } from 'express';
import { openApiDocument } from './openapi-document';
import { PATTERN_MESSAGE } from '../../rules/validation-messages';

interface SchemaNode {
  $ref?: string;
  title?: string;
  [PATTERN_MESSAGE]?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: SchemaNode[];
}

interface OperationNode {
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
  parameters?: { name: string; in: string; schema?: SchemaNode }[];
}

/** The referenced schema; a title or pattern message written beside the $ref (OpenAPI 3.1) is the field's and wins. */
const deref = (node: SchemaNode | undefined): SchemaNode | undefined => {
  if (!node?.$ref) return node;
  const name = node.$ref.replace('#/components/schemas/', '');
  const schemas = (openApiDocument().components as { schemas?: Record<string, SchemaNode> } | undefined)?.schemas;
  const target = deref(schemas?.[name]);
  const beside = { ...(node.title ? { title: node.title } : {}), ...(node[PATTERN_MESSAGE] ? { [PATTERN_MESSAGE]: node[PATTERN_MESSAGE] } : {}) };
  return target ? { ...target, ...beside } : target;
};

const child = (node: SchemaNode | undefined, key: string): SchemaNode | undefined => {
  const resolved = deref(node);
  if (!resolved) return undefined;
  if (/^\d+$/.test(key) && resolved.items) return deref(resolved.items);
  return deref(resolved.properties?.[key] ?? resolved.allOf?.map((part) => child(part, key)).find(Boolean));
};

/** What the field's schema says about its errors: the label and a pattern's words. */
export interface FieldWords {
  label?: string;
  patternMessage?: string;
}

function fieldSchema({ req, path }: { req: Request; path: string }): SchemaNode | undefined {
  const operation = (req as Request & { openapi?: { schema?: OperationNode } }).openapi?.schema;
  if (!operation) return undefined;
  const [first, ...rest] = path.split('.');
  if (first === 'query' || first === 'path') {
    const where = first === 'path' ? 'path' : 'query';
    const param = operation.parameters?.find((p) => p.in === where && p.name === rest[0]);
    return deref(param?.schema);
  }
  const body = operation.requestBody?.content?.['application/json']?.schema ?? operation.requestBody?.content?.['multipart/form-data']?.schema;
  return path.split('.').reduce<SchemaNode | undefined>((node, key) => child(node, key), body);
}

export function fieldWords({ req, path }: { req: Request; path: string }): FieldWords {
  const schema = fieldSchema({ req, path });
  return { label: schema?.title, patternMessage: schema?.[PATTERN_MESSAGE] };
}

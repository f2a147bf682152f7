// Finds where a screen file names an entity's fields, read with the TypeScript compiler API (no
// regular expressions over source): a closed list of a schema's property names, a record copied
// by hand key by key, a `ui:order` that does not end with '*'. Screens draw fields from the
// document's schemas (issue 37), so each of these is a place a new property would not reach.
import ts from 'typescript';

export interface Offence {
  line: number;
  what: string;
}

type SchemaNode = { $ref?: string; properties?: Record<string, unknown>; allOf?: SchemaNode[] };

/** Each component schema's property names, its allOf parts' included. */
export function schemaProperties(document: { components?: { schemas?: Record<string, SchemaNode> } }): Map<string, Set<string>> {
  const schemas = document.components?.schemas ?? {};
  const namesOf = (node: SchemaNode, seen: Set<SchemaNode>): string[] => {
    const schema = node.$ref ? schemas[node.$ref.split('/').pop() as string] : node;
    if (!schema || seen.has(schema)) return [];
    seen.add(schema);
    return [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap((part) => namesOf(part, seen))];
  };
  return new Map(Object.entries(schemas).map(([name, schema]) => [name, new Set(namesOf(schema, new Set()))]));
}

/** A hand mapping: this many `key: x.key` entries of one record in one object literal, all of them properties of one schema. */
export const HAND_MAPPED_ENTRIES = 3;

const keyOf = (name: ts.PropertyName): string | undefined => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined);

/** Lists that name what to leave out, not what to show. */
const OPEN_LISTS = new Set(['omit']);

const literalText = (node: ts.Expression): string | undefined => {
  let value = node;
  while (ts.isAsExpression(value) || ts.isParenthesizedExpression(value)) value = value.expression;
  return ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) ? value.text : undefined;
};

/** The property an element of a field list names: 'name', or a column { field: 'plan.name', ... } (its first step). */
function fieldNamed(element: ts.Expression): string | undefined {
  const text = literalText(element);
  if (text !== undefined) return text;
  if (!ts.isObjectLiteralExpression(element)) return undefined;
  const field = element.properties.find((property): property is ts.PropertyAssignment => ts.isPropertyAssignment(property) && keyOf(property.name) === 'field');
  return field ? literalText(field.initializer)?.split('.')[0] : undefined;
}

/** `x.key`, `x?.key`, `x.key ?? fallback`, `x.key || fallback`: the receiver's text when it reads `key`. */
function copiedFrom(initializer: ts.Expression, key: string, source: ts.SourceFile): string | undefined {
  let value = initializer;
  while (ts.isParenthesizedExpression(value) || ts.isAsExpression(value) || ts.isNonNullExpression(value)) value = value.expression;
  if (ts.isBinaryExpression(value) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(value.operatorToken.kind)) return copiedFrom(value.left, key, source);
  if (ts.isPropertyAccessExpression(value) && value.name.text === key) return value.expression.getText(source).replace(/\?$/, '');
  return undefined;
}

/** The offences of one file's text; `properties` from schemaProperties. */
export function scanSource({ fileName, text, properties }: { fileName: string; text: string; properties: Map<string, Set<string>> }): Offence[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const offences: Offence[] = [];
  const report = (node: ts.Node, what: string) => offences.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what });

  /** One schema whose properties include every key, if any. */
  const schemaOf = (keys: string[]): string | undefined => [...properties].find(([, names]) => keys.every((key) => names.has(key)))?.[0];

  const closedList = (array: ts.ArrayLiteralExpression): void => {
    // Everything but these: a new property still shows.
    if (ts.isPropertyAssignment(array.parent) && OPEN_LISTS.has(keyOf(array.parent.name) ?? '')) return;
    const names = array.elements.map(fieldNamed);
    if (names.length < 2 || names.some((name) => name === undefined)) return;
    const schema = schemaOf(names as string[]);
    if (schema) report(array, `closed field list of ${schema}: [${[...new Set(names)].join(', ')}]`);
  };

  const uiOrder = (assignment: ts.PropertyAssignment): void => {
    if (keyOf(assignment.name) !== 'ui:order' || !ts.isArrayLiteralExpression(assignment.initializer)) return;
    const last = assignment.initializer.elements.at(-1);
    if (!(last && ts.isStringLiteral(last) && last.text === '*')) report(assignment, "ui:order does not end with '*'");
  };

  const handMapping = (object: ts.ObjectLiteralExpression): void => {
    const byRecord = new Map<string, string[]>();
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const key = keyOf(property.name);
      const record = key ? copiedFrom(property.initializer, key, source) : undefined;
      if (key && record) byRecord.set(record, [...(byRecord.get(record) ?? []), key]);
    }
    // Keys of one schema: a record's fields, not a result or an error object's parts.
    for (const [record, keys] of byRecord) if (keys.length >= HAND_MAPPED_ENTRIES && schemaOf(keys)) report(object, `hand mapping of ${record} (${schemaOf(keys)}): ${keys.join(', ')}`);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node)) closedList(node);
    if (ts.isPropertyAssignment(node)) uiOrder(node);
    if (ts.isObjectLiteralExpression(node)) handMapping(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return offences;
}

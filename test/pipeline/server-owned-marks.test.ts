// What the server owns is marked in the document and enforced: ids, timestamps and counts of the
// entities' read schemas are `readOnly` (a body that sends one is refused 400 on that field), and
// passwords and secrets of bodies are `writeOnly` (sent, never answered). The checks walk the whole
// bundled document, and the server's side runs every entity write of the walk
// (test/fixtures/entity-writes.ts) on edited copies of the document.
import { createApp } from '../../server/app';
import { openApiDocument } from '../../server/http/openapi-document';
import type { OpenApiDocument } from '../../server/http/openapi-document';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { withStripeMock } from '../helpers/stripe-mock';
import { documentWithProbe, entityWrites } from '../fixtures/entity-writes';
import { EXCLUDED, RefusedWrite, carries, dataOf, entityWriteScenarios } from '../fixtures/entity-write-scenarios';
import { writeDocument } from '../fixtures/document-with-field';

type Node = {
  $ref?: string;
  format?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  items?: Node;
  prefixItems?: Node[];
  properties?: Record<string, Node>;
  additionalProperties?: boolean | Node;
  allOf?: Node[];
  oneOf?: Node[];
  anyOf?: Node[];
};
type Operation = { operationId?: string; requestBody?: { $ref?: string; content?: Record<string, { schema?: Node }> } };

const SCHEMA_REF = '#/components/schemas/';
const document = openApiDocument();
const schemas = (document.components as { schemas: Record<string, Node> }).schemas;
const resolve = (node: Node): Node => (node.$ref?.startsWith(SCHEMA_REF) ? schemas[node.$ref.slice(SCHEMA_REF.length)] : node);

/** Ids, timestamps and counts: a property so named that no write of its entity sends is the server's. */
const SERVER_OWNED = /^(_?id|guid|[a-z][A-Za-z]*Id|_?created|_?updated|[a-z][A-Za-z]*Count|total[A-Z][A-Za-z]*|times[A-Z][A-Za-z]*|views)$/;

/** Every property a value of `node` may hold, at any depth, with where it is declared. */
function propertiesUnder(node: Node | undefined, where: string, seen = new Set<Node>()): { where: string; key: string; property: Node }[] {
  if (!node) return [];
  const schema = resolve(node);
  if (seen.has(schema)) return [];
  seen.add(schema);
  const at = node.$ref ? node.$ref.slice(SCHEMA_REF.length) : where;
  const own = Object.entries(schema.properties ?? {}).flatMap(([key, property]) => [{ where: at, key, property }, ...propertiesUnder(property, `${at}.${key}`, seen)]);
  const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  const inner = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.prefixItems ?? []), schema.items, additional];
  return [...own, ...inner.flatMap((child) => propertiesUnder(child, at, seen))];
}

/** The properties a request body may hold, over every operation of the document. */
const bodyProperties = Object.values(document.paths).flatMap((item) =>
  Object.values(item as Record<string, Operation>).flatMap((operation) => {
    const body = operation.requestBody?.$ref ? undefined : operation.requestBody;
    return Object.values(body?.content ?? {}).flatMap(({ schema }) => propertiesUnder(schema, `${operation.operationId ?? '?'} body`));
  }),
);
const marked = (property: Node, mark: 'readOnly' | 'writeOnly'): boolean => property[mark] === true || resolve(property)[mark] === true;

/** A schema's own properties and those of its allOf parts. */
const declared = (node: Node): Record<string, Node> => {
  const schema = resolve(node);
  return Object.assign({}, ...(schema.allOf ?? []).map(declared), schema.properties);
};

const writes = entityWrites(document);
const probedWrites = writes.filter((w) => !(w.operationId in EXCLUDED));

describe('the document marks what the server owns', () => {
  it("marks readOnly each id, timestamp and count of an entity's read schema that its writes do not send", () => {
    const reads = [...new Set(writes.map((w) => w.read))];
    const unmarked = reads.flatMap((read) => {
      const sent = new Set(writes.filter((w) => w.read === read).flatMap((w) => Object.keys(declared({ $ref: `${SCHEMA_REF}${w.write}` }))));
      return Object.entries(declared({ $ref: `${SCHEMA_REF}${read}` }))
        .filter(([key, property]) => SERVER_OWNED.test(key) && !sent.has(key) && !marked(property, 'readOnly'))
        .map(([key]) => `${read}.${key}`);
    });
    expect(unmarked).toEqual([]);
  });

  it('marks nothing readOnly that a request body can hold, so a form that sends what it holds is never refused for a mark', () => {
    const readOnlyInBodies = bodyProperties.filter(({ property }) => marked(property, 'readOnly')).map(({ where, key }) => `${where}.${key}`);
    expect([...new Set(readOnlyInBodies)]).toEqual([]);
  });

  it('marks writeOnly every password and secret a request body takes', () => {
    const secrets = bodyProperties.filter(({ key, property }) => resolve(property).format === 'password' || /password|secret/i.test(key));
    expect(secrets.length).toBeGreaterThan(5);
    expect([...new Set(secrets.filter(({ property }) => !marked(property, 'writeOnly')).map(({ where, key }) => `${where}.${key}`))]).toEqual([]);
  });
});

const PROBE = 'probeNote';
/** Sent beside a writeOnly probe and answered: shows that the write went through. */
const ECHO = 'probeEcho';

/** The document with the probe added to the named schemas and marked there. */
function markedProbe({ base, names, mark }: { base: OpenApiDocument; names: string[]; mark: 'readOnly' | 'writeOnly' }): OpenApiDocument {
  const copy = documentWithProbe({ document: base, name: PROBE, schemas: names });
  const components = (copy.components as { schemas: Record<string, { properties: Record<string, Node> }> }).schemas;
  for (const name of names) components[name].properties[PROBE][mark] = true;
  return copy;
}

const stripe = withStripeMock();
let t: TestApp;
let readOnlyBodies: ReturnType<typeof entityWriteScenarios>;
let writeOnlyReads: ReturnType<typeof entityWriteScenarios>;

beforeAll(async () => {
  t = await createTestApp({ payments: { stripeApiBase: stripe.url, paddleApiBase: 'http://127.0.0.1:9' } });
  const writeSchemas = [...new Set(probedWrites.map((w) => w.write))];
  const readSchemas = [...new Set(probedWrites.map((w) => w.read))];
  const appOf = (edited: OpenApiDocument) => entityWriteScenarios({ app: createApp(t.ctx, { documentPath: writeDocument(edited) }), ctx: t.ctx });
  readOnlyBodies = appOf(markedProbe({ base: document, names: writeSchemas, mark: 'readOnly' }));
  const echoed = documentWithProbe({ document, name: ECHO, schemas: [...writeSchemas, ...readSchemas] });
  writeOnlyReads = appOf(markedProbe({ base: documentWithProbe({ document: echoed, name: PROBE, schemas: writeSchemas }), names: readSchemas, mark: 'writeOnly' }));
});
afterAll(() => t.close());

describe('the server enforces the marks on every entity write', () => {
  it.each(probedWrites.map((w) => [w.operationId] as const))('%s refuses a readOnly property in its body with 400 on that field', async (operationId) => {
    const refused = await readOnlyBodies.scenarios[operationId].run({ [PROBE]: 'mine' }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(RefusedWrite);
    const { status, body } = refused as RefusedWrite;
    expect(status).toBe(400);
    // A list body names the item too (0.probeNote).
    const onProbe = Object.entries(body.fieldErrors ?? {}).filter(([field]) => field.split(/[.[\]]/).includes(PROBE));
    expect(onProbe).toEqual([[expect.any(String), expect.stringContaining('read-only')]]);
  });

  it.each(probedWrites.map((w) => [w.operationId] as const))('%s takes a writeOnly property and never answers it, in its answer or its reads', async (operationId) => {
    const secret = `secret of ${operationId}`;
    const echo = `echo of ${operationId}`;
    const { written, reads } = await writeOnlyReads.scenarios[operationId].run({ [PROBE]: secret, [ECHO]: echo });
    const answers: Record<string, unknown> = { [operationId]: written };
    for (const [reader, { agent, path }] of Object.entries(reads)) answers[reader] = dataOf(await agent.get(path), reader);
    expect(Object.entries(answers).filter(([, data]) => !carries(data, echo))).toEqual([]);
    expect(Object.entries(answers).filter(([, data]) => carries(data, secret))).toEqual([]);
  });
});

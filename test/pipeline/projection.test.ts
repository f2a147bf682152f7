import { createProjector } from '../../server/http/projection';
import { openApiDocument } from '../../server/http/openapi-document';

const document = {
  components: {
    schemas: {
      User: { type: 'object', properties: { id: { type: 'string' }, email: { type: 'string' } } },
      Admin: { allOf: [{ $ref: '#/components/schemas/User' }, { type: 'object', properties: { role: { type: 'string' } } }] },
      Guest: { type: 'object', properties: { nickname: { type: 'string' } } },
      Tree: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } },
      Keys: { type: 'object', additionalProperties: { type: 'object', properties: { value: { type: 'string' } } } },
      Free: { type: 'object' },
      Closed: { type: 'object', additionalProperties: false },
      Sized: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'string', enum: ['solo', 'team'], default: 'solo' }, tags: { type: 'array', items: { type: 'string' }, default: [] } } },
      Teamed: { type: 'object', properties: { team: { type: 'boolean', default: true } } },
    },
    responses: {
      Problem: { description: 'x', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } } },
    },
  },
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const { project, forOperation } = createProjector(document);

describe('projection through a schema', () => {
  it.each([
    ['keeps declared properties and drops the rest', ref('User'), { id: '1', email: 'a@b.co', passwordHash: 'h', _id: '1' }, { id: '1', email: 'a@b.co' }],
    ['merges allOf parts', ref('Admin'), { id: '1', role: 'owner', secret: 's' }, { id: '1', role: 'owner' }],
    ['keeps what any oneOf branch declares', { oneOf: [ref('User'), ref('Guest')] }, { nickname: 'n', id: '1', secret: 's' }, { nickname: 'n', id: '1' }],
    ['passes null through a nullable anyOf', { anyOf: [ref('User'), { type: 'null' }] }, null, null],
    ['projects a nullable object by its type array', { type: ['object', 'null'], properties: { a: { type: 'string' } } }, { a: 'x', b: 'y' }, { a: 'x' }],
    ['projects each array item', { type: 'array', items: ref('User') }, [{ id: '1', x: 1 }, { id: '2', y: 2 }], [{ id: '1' }, { id: '2' }]],
    ['follows a schema that refers to itself', ref('Tree'), { name: 'a', x: 1, children: [{ name: 'b', y: 2, children: [] }] }, { name: 'a', children: [{ name: 'b', children: [] }] }],
    ['projects the values of an additionalProperties map', ref('Keys'), { k1: { value: 'v', hidden: 'h' } }, { k1: { value: 'v' } }],
    ['keeps a free-form object as it is', ref('Free'), { anything: { deep: 1 } }, { anything: { deep: 1 } }],
    ['opens nothing for a keyless branch beside declared ones', { allOf: [ref('User'), ref('Free')] }, { id: '1', secret: 's' }, { id: '1' }],
    ['keeps extra keys where additionalProperties is true', { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: true }, { id: '1', x: 2 }, { id: '1', x: 2 }],
    ['empties an object that declares no keys', ref('Closed'), { a: 1 }, {}],
    ['leaves scalars alone', { type: 'string' }, 'text', 'text'],
    ['drops undefined values', ref('User'), { id: '1', email: undefined }, { id: '1' }],
    ['fills a missing property with its declared default', ref('Sized'), { name: 'a' }, { name: 'a', size: 'solo', tags: [] }],
    ['keeps a stored value over the default', ref('Sized'), { name: 'a', size: 'team', tags: ['x'] }, { name: 'a', size: 'team', tags: ['x'] }],
    ['fills defaults of allOf parts', { allOf: [ref('User'), ref('Sized')] }, { id: '1' }, { id: '1', size: 'solo', tags: [] }],
    ['fills no default of a single oneOf branch', { oneOf: [ref('User'), ref('Teamed')] }, { id: '1' }, { id: '1' }],
  ])('%s', (_name, schema, value, expected) => {
    expect(project(schema)(value)).toEqual(expected);
  });

  it('never reads a declared key from the prototype', () => {
    const projected = project({ type: 'object', properties: { constructor: { type: 'string' } } })({});
    expect(projected).toEqual({});
  });
});

describe('projection of an operation reply', () => {
  const operation = {
    responses: {
      '201': { content: { 'application/json': { schema: ref('User') } } },
      '4XX': { $ref: '#/components/responses/Problem' },
    },
  };
  const reply = forOperation(operation);

  it.each([
    ['an exact status', 201, { id: '1', passwordHash: 'h' }, { id: '1' }],
    ['a status range through a response $ref', 404, { message: 'gone', stack: 'at x' }, { message: 'gone' }],
    ['an undeclared status, unchanged', 500, { anything: 1 }, { anything: 1 }],
  ])('uses the schema of %s', (_name, status, body, expected) => {
    expect(reply(status, body)).toEqual(expected);
  });

  it('strips internal fields from a real envelope of the bundled document', () => {
    const bundled = openApiDocument();
    const getDetails = bundled.paths['/integrations/developer/details'].get;
    const body = { success: true, message: '', data: { id: 'd', _id: 'd', userId: 'u', name: 'Ada', email: 'a@b.co', isActive: true, links: [], passwordHash: 'h', created: 'x' } };
    expect(createProjector(bundled).forOperation(getDetails)(200, body)).toEqual({
      success: true,
      message: '',
      data: { id: 'd', userId: 'u', name: 'Ada', email: 'a@b.co', isActive: true, links: [] },
    });
  });
});

describe('the bundled document', () => {
  type Node = { $ref?: string; type?: string | string[]; properties?: Record<string, Node>; additionalProperties?: boolean | Node; items?: Node; allOf?: Node[]; oneOf?: Node[]; anyOf?: Node[] };
  const bundled = openApiDocument();
  const resolve = (ref: string): Node => ref.slice(2).split('/').reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, bundled) as Node;

  /** Objects reached from responses that say nothing of their keys: the projection would let every stored field through them. */
  function freeForm(node: Node, where: string, seen: Set<string>): string[] {
    if (node.$ref) return seen.has(node.$ref) ? [] : (seen.add(node.$ref), freeForm(resolve(node.$ref), node.$ref, seen));
    const types = ([] as string[]).concat(node.type ?? []);
    const composite = node.allOf ?? node.oneOf ?? node.anyOf;
    const own = types.includes('object') && !node.properties && node.additionalProperties === undefined && !composite ? [where] : [];
    return [
      ...own,
      ...(composite ?? []).flatMap((branch) => freeForm(branch, where, seen)),
      ...Object.entries(node.properties ?? {}).flatMap(([key, child]) => freeForm(child, `${where}.${key}`, seen)),
      ...(node.items ? freeForm(node.items, `${where}[]`, seen) : []),
      ...(typeof node.additionalProperties === 'object' ? freeForm(node.additionalProperties, `${where}{}`, seen) : []),
    ];
  }

  it('declares the keys of every object it answers (or says additionalProperties), so nothing stored leaks by default', () => {
    const seen = new Set<string>();
    const found = Object.entries(bundled.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.entries(operation.responses ?? {}).flatMap(([status, response]) => {
          const schema = (response.$ref ? (resolve(response.$ref) as { content?: Record<string, { schema?: Node }> }) : response).content?.['application/json']?.schema;
          return schema ? freeForm(schema, `${method} ${path} ${status}`, seen) : [];
        }),
      ),
    );
    expect(found).toEqual([]);
  });
});

// express-openapi-validator gives Ajv, for every operation's request and for every response
// code of it, a schema holding the document's whole `paths` and `components` beside the
// operation's own part, so that `#/components/...` references resolve. Ajv walks all of it
// before compiling (to collect `$id`s and anchors): about 80 ms of CPU on the first request
// after start and again on each route's first request, though a validator reads only the few
// components its operation reaches. This keeps, in the schema Ajv is given, only the
// components reachable from the operation's part, the same objects under the same pointers,
// so every reference resolves to what it did and the compiled validator is the same. Any other
// kind of reference (into `paths`, to an `$id` or an anchor) or any `$id`, `$anchor` or dynamic
// reference keeps the whole schema as the library made it.
type Node = Record<string, unknown>;

const COMPONENT_REF = /^#\/components\/([^/]+)\/([^/]+)(\/.*)?$/;
/** Keywords by which a schema can be reached other than by a JSON pointer from the root. */
const IDENTIFYING = new Set(['$id', '$anchor', '$dynamicAnchor', '$dynamicRef', '$recursiveRef', '$recursiveAnchor']);

const unescape = (segment: string): string => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/**
 * The components reachable from `roots` (each section and entry the same object as in
 * `components`), or undefined when something in reach is referenced or identified otherwise.
 */
export function reachableComponents({ roots, components }: { roots: unknown[]; components: Node }): Node | undefined {
  const reached: Record<string, Node> = {};
  const pending: unknown[] = [...roots];
  const seen = new Set<unknown>();
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isNode(node) || seen.has(node)) continue;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (IDENTIFYING.has(key)) return undefined;
      // Discriminator mappings name components in strings, so every string that is a reference counts.
      if (typeof value === 'string' && value.startsWith('#')) {
        const match = COMPONENT_REF.exec(value);
        if (!match) {
          if (key === '$ref') return undefined;
          continue;
        }
        const section = unescape(match[1]);
        const name = unescape(match[2]);
        const entry = (components[section] as Node | undefined)?.[name];
        if (entry === undefined) return undefined;
        reached[section] ??= {};
        reached[section][name] = entry;
        pending.push(entry);
      } else if (isNode(value)) pending.push(value);
    }
  }
  return reached;
}

/**
 * The schema the library built for Ajv with `components` cut to what the rest of it reaches and
 * `paths` left out (the document's references never point into it), or the schema itself.
 */
export function withReachableComponents(schema: Node): Node {
  const { components } = schema;
  if (!isNode(components)) return schema;
  const own = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'paths' && key !== 'components'));
  const reached = reachableComponents({ roots: [own], components });
  return reached ? { ...own, components: reached } : schema;
}

// Dependencies run one way: web -> forms -> rules <- server, and inside server handlers ->
// services -> storage, http, observability (docs/architecture.md, "Dependencies").
import { circles, importGraph, packageImports } from './import-graph';

const FOLDERS = ['server', 'forms', 'rules', 'web/src', 'scripts', 'sdk/src'];
const graph = importGraph(FOLDERS);

const layerOf = (path: string): string => (path.startsWith('web/') ? 'web' : path.split('/')[0]);

// Which layers each layer may import (its own is always allowed).
const ALLOWED: Record<string, string[]> = {
  web: ['forms', 'rules', 'generated'],
  forms: ['rules', 'generated'],
  rules: ['generated'],
  server: ['rules', 'generated'],
  // The benches drive the server through the SDK as an app developer would.
  scripts: ['server', 'rules', 'generated', 'test', 'sdk'],
  // Published on its own: the public data API is its only contract.
  sdk: [],
};

// Inside server: the rooms below the service areas (server/services, server/resources,
// server/backups), and the top-level files they may share.
const LOWER_ROOMS = ['storage', 'http', 'observability', 'migrations', 'schema-evolution'];
const SHARED = ['server/context.ts', 'server/config.ts', 'server/paths.ts'];
/** `server/storage/port.ts` -> 'storage'; a top-level server file has no room. */
const roomOf = (path: string): string | undefined => (path.startsWith('server/') && path.split('/').length > 2 ? path.split('/')[1] : undefined);

describe('layering', () => {
  it('reads a graph of the whole tree', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('server/http/errors.ts')).toContain('rules/validation-messages.ts');
  });

  it.each(Object.keys(ALLOWED))('%s imports only the layers below it', (layer) => {
    const wrong = [...graph]
      .filter(([file]) => layerOf(file) === layer)
      .flatMap(([file, targets]) => targets.map((target) => ({ file, target })))
      .filter(({ target }) => layerOf(target) !== layer && !ALLOWED[layer].includes(layerOf(target)))
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(wrong).toEqual([]);
  });

  it('rules use neither React nor Express nor Node built-ins', () => {
    const rules = [...graph.keys()].filter((file) => layerOf(file) === 'rules');
    expect(rules.length).toBeGreaterThan(0);
    const banned = rules.flatMap((file) =>
      packageImports(file)
        .filter((name) => /^(react|react-dom|express|node:)/.test(name))
        .map((name) => `${file} imports ${name}`),
    );
    expect(banned).toEqual([]);
  });

  it('the SDK needs no package: browsers get fetch and streams only, its command line Node built-ins', () => {
    const sdk = [...graph.keys()].filter((file) => layerOf(file) === 'sdk');
    expect(sdk).toContain('sdk/src/index.ts');
    const banned = sdk.flatMap((file) =>
      packageImports(file)
        .filter((name) => !(file.startsWith('sdk/src/cli/') && name.startsWith('node:')))
        .map((name) => `${file} imports ${name}`),
    );
    expect(banned).toEqual([]);
  });

  // A lower room imports other lower rooms, the context and the configuration; what an area
  // contributes (indexes, queues, page hooks) reaches it from the composition root (server/registry.ts).
  it.each(LOWER_ROOMS)('server/%s imports no service area', (room) => {
    const upward = [...graph]
      .filter(([file]) => roomOf(file) === room)
      .flatMap(([file, targets]) => targets.map((target) => ({ file, target })))
      .filter(({ target }) => target.startsWith('server/') && !LOWER_ROOMS.includes(roomOf(target) ?? '') && !SHARED.includes(target))
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(upward).toEqual([]);
  });

  // generated/schemas/index.ts names every schema: a page importing it would carry the whole document.
  it('screens import the schemas they name one by one, never all of them', () => {
    const whole = [...graph]
      .filter(([file]) => file.startsWith('web/') || file.startsWith('forms/'))
      .filter(([, targets]) => targets.includes('generated/schemas/index.ts'))
      .map(([file]) => file);
    expect(whole).toEqual([]);
  });

  it('has no import circles', () => {
    expect(circles(graph).map((circle) => circle.join(' -> '))).toEqual([]);
  });
});

describe('circle finder', () => {
  it.each([
    { name: 'two files importing each other', edges: { a: ['b'], b: ['a'] }, expected: [['a', 'b']] },
    { name: 'a chain', edges: { a: ['b'], b: ['c'], c: [] }, expected: [] },
    { name: 'a circle of three', edges: { a: ['b'], b: ['c'], c: ['a'] }, expected: [['a', 'b', 'c']] },
  ])('$name', ({ edges, expected }) => {
    expect(circles(new Map(Object.entries(edges)))).toEqual(expected);
  });
});

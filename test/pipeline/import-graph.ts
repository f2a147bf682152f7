// The project's own import graph, read with TypeScript's parser: for each source file, the
// project files it imports (static imports and re-exports, type-only ones included, since a
// type circle is still a design circle; dynamic import() is a deliberate lazy edge and left out).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(__dirname, '..', '..');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  return EXTENSIONS.map((ext) => base + ext).find((candidate) => existsSync(candidate));
}

/** Repository-relative path -> repository-relative paths it imports. */
export function importGraph(folders: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of folders.flatMap((folder) => sourceFiles(join(ROOT, folder)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    const targets = importedFiles
      .map((ref) => resolveImport(file, ref.fileName))
      .filter((target): target is string => target !== undefined)
      .map((target) => relative(ROOT, target));
    graph.set(relative(ROOT, file), targets);
  }
  return graph;
}

/** The package imports of a repository-relative file (dynamic ones included). */
export function packageImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles.map((ref) => ref.fileName).filter((name) => !name.startsWith('.'));
}

/** Every circle of the graph, each once, as the list of files around it. */
export function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

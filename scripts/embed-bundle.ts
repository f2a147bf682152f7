// The embed runtime bundled as it is served: the loader (web/embed/runtime.ts, /embed.js) and
// one file per widget type (/embed/<type>.<hash>.js) holding that type's renderer, which
// registers itself when it runs (web/embed/register.ts). The types and their modules are read
// from the RENDERERS map of web/embed/renderers/index.ts, the one list of types; an entry
// of another form fails the build. scripts/build-embed.ts writes the files,
// scripts/check-embed-size.ts measures them, web/embed-dev.ts serves them under npm run dev.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { ROOT } from '../server/paths';

export const EMBED_DIR = join(ROOT, 'web', 'embed');
export const EMBED_OUT = join(ROOT, 'web', 'dist', 'embed.js');
/** Where the renderer files go (served as /embed/<file>). */
export const RENDERERS_OUT = join(ROOT, 'web', 'dist', 'embed');
/** The loader a site loads first, in gzip kB (issue 10 set 20 for loader and renderers together). */
export const EMBED_BUDGET_KB = 8;
/** Each type's renderer file, in gzip kB. */
export const RENDERER_BUDGET_KB = 4;

const INDEX = join(EMBED_DIR, 'renderers', 'index.ts');

export interface RendererEntry {
  type: string;
  /** The name index.ts imports the renderer as. */
  name: string;
  /** The module index.ts imports it from, relative to web/embed/renderers/. */
  module: string;
}

/** The RENDERERS map of index.ts as written: `type: importedName` or `importedName` entries only. */
export function rendererEntries(source = readFileSync(INDEX, 'utf8')): RendererEntry[] {
  const file = ts.createSourceFile(INDEX, source, ts.ScriptTarget.Latest, true);
  const imports = new Map<string, string>();
  let map: ts.ObjectLiteralExpression | undefined;
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)) {
      for (const element of statement.importClause.namedBindings.elements) imports.set(element.name.text, statement.moduleSpecifier.text);
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === 'RENDERERS' && declaration.initializer && ts.isObjectLiteralExpression(declaration.initializer)) map = declaration.initializer;
      }
    }
  }
  if (!map) throw new Error('web/embed/renderers/index.ts: no `export const RENDERERS = { ... }` object found');
  const entries: RendererEntry[] = [];
  for (const property of map.properties) {
    const line = `web/embed/renderers/index.ts:${file.getLineAndCharacterOfPosition(property.getStart()).line + 1}`;
    let type: string | undefined;
    let name: string | undefined;
    if (ts.isShorthandPropertyAssignment(property)) [type, name] = [property.name.text, property.name.text];
    else if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) && ts.isIdentifier(property.initializer)) [type, name] = [property.name.text, property.initializer.text];
    if (!type || !name) throw new Error(`${line}: a RENDERERS entry must read \`'type': importedRenderer,\` (found \`${property.getText()}\`)`);
    const module = imports.get(name);
    if (!module?.startsWith('./')) throw new Error(`${line}: ${name} is not imported from a module of web/embed/renderers/`);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(type)) throw new Error(`${line}: the type '${type}' is not kebab-case`);
    if (entries.some((entry) => entry.type === type)) throw new Error(`${line}: the type '${type}' is listed twice`);
    entries.push({ type, name, module });
  }
  return entries;
}

async function bundle({ entry, define = {} }: { entry: { contents: string } | string; define?: Record<string, string> }): Promise<string> {
  const source = typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: { contents: entry.contents, resolveDir: EMBED_DIR, loader: 'ts' as const, sourcefile: 'renderer-entry.ts' } };
  const result = await build({ ...source, bundle: true, write: false, minify: true, format: 'iife', target: 'es2020', legalComments: 'none', logLevel: 'warning', define });
  return result.outputFiles[0].text;
}

/** One type's renderer file: the renderer, registering itself under its type. */
export function bundleRenderer(entry: RendererEntry): Promise<string> {
  const contents = `import { ${entry.name} } from './renderers/${entry.module.slice(2)}';\nimport { registerRenderer } from './register';\nregisterRenderer(${JSON.stringify(entry.type)}, ${entry.name});\n`;
  return bundle({ entry: { contents } });
}

/** The file name of a renderer's code: its type and a hash of the code, so that it can be cached for good. */
export const rendererFileName = (type: string, code: string): string => `${type}.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;

/** The loader, told the file of each type's renderer. */
export function bundleEmbed(rendererFiles: Record<string, string>): Promise<string> {
  return bundle({ entry: join(EMBED_DIR, 'runtime.ts'), define: { NINDO_RENDERER_FILES: JSON.stringify(rendererFiles) } });
}

export interface EmbedBuild {
  loader: string;
  renderers: { type: string; file: string; code: string }[];
}

/** The loader and every renderer file, as they are served. */
export async function buildEmbed(): Promise<EmbedBuild> {
  const renderers = await Promise.all(
    rendererEntries().map(async (entry) => {
      const code = await bundleRenderer(entry);
      return { type: entry.type, file: rendererFileName(entry.type, code), code };
    }),
  );
  const loader = await bundleEmbed(Object.fromEntries(renderers.map(({ type, file }) => [type, file])));
  return { loader, renderers };
}

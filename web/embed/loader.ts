// What the runtime loads from the product, each by a <script> element from the origin embed.js
// came from: a type's renderer (its own file, built per type with a content hash, so a page
// downloads only the renderers it shows and caches them for good) and a widget's public data
// (/embed/data/{guid}.js and /embed/data/{guid}/results.js). A host page whose CSP names the
// product in script-src lets all of them in, whatever its connect-src says (docs/widgets.md).
import { embedGlobals } from './register';
import type { WidgetType } from './types';

/** Each type's renderer file under /embed/, set by the build (scripts/embed-bundle.ts). */
declare const NINDO_RENDERER_FILES: Record<string, string>;

/** Runs one script of `url`; rejects when it cannot be loaded (an error answer, a refused CSP). */
function runScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      script.remove();
      resolve();
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${url}`));
    };
    document.head.append(script);
  });
}

export function embedLoader({ origin }: { origin: string }) {
  const renderers = new Map<string, Promise<WidgetType<never> | undefined>>();

  /** The type's renderer, its file loaded once per page; undefined for a type without one. */
  const renderer = (type: string): Promise<WidgetType<never> | undefined> => {
    const known = embedGlobals.nindoRenderers?.[type];
    if (known) return Promise.resolve(known);
    // typeof: a type such as 'constructor' names no file, whatever the object's prototype holds.
    const file: unknown = NINDO_RENDERER_FILES[type];
    if (typeof file !== 'string') return Promise.resolve(undefined);
    let loading = renderers.get(type);
    if (!loading) {
      loading = runScript(`${origin}/embed/${file}`).then(
        () => embedGlobals.nindoRenderers?.[type],
        () => undefined,
      );
      renderers.set(type, loading);
    }
    return loading;
  };

  /** The data a data script of `path` (under /embed/data/, without .js) left; undefined when it failed. */
  const data = async (path: string): Promise<unknown> => {
    try {
      await runScript(`${origin}/embed/data/${path}.js`);
    } catch {
      return undefined;
    }
    const store = embedGlobals.nindoData ?? {};
    const value = store[path];
    // Taken out, so that a later read of the same path (results after a vote) waits for its own script.
    Reflect.deleteProperty(store, path);
    return value;
  };

  return { renderer, data };
}

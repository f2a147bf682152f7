// The dev loop's watch on openapi/ (scripts/dev.ts): an edit of a YAML file regenerates, a
// moment after the last of a burst of writes (an editor saves in several), and says in one line
// what came of it. A refused document (rules/openapi-refusal.ts) prints its reason and leaves
// generated/ as it was; the loop goes on watching until the next edit mends it.
import { watch } from 'node:fs';
import { OpenApiRefusal } from '../rules/openapi-refusal';

export interface OpenApiWatch {
  close: () => void;
}

export function watchOpenApi({ dir, regenerate, log, quietMs = 200 }: { dir: string; regenerate: () => void; log: (line: string) => void; quietMs?: number }): OpenApiWatch {
  let timer: NodeJS.Timeout | undefined;
  const run = (): void => {
    const started = Date.now();
    try {
      regenerate();
      log(`openapi/ changed: generated/ written in ${Date.now() - started} ms`);
    } catch (err) {
      // A bug of ours keeps its stack; a refusal is the author's to mend, in its own words.
      log(err instanceof OpenApiRefusal ? `openapi/ refused, generated/ unchanged: ${err.message}` : `openapi/ could not be generated: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
  };
  const watcher = watch(dir, (_event, file) => {
    if (file && !file.endsWith('.yaml')) return;
    clearTimeout(timer);
    timer = setTimeout(run, quietMs);
  });
  return {
    close: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}

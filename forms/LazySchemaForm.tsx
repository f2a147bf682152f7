// The form for pages that must paint at once (the sign-in pages): the form engine (RJSF and
// the validator) is its own chunk, requested as soon as the page's script runs and shown when
// it arrives, so the page's first paint does not wait for it. The page gives its schema
// (and the definitions its refs need, if any): no schema registry comes with the engine.
import { lazy, Suspense } from 'react';
import type { FormEngine, FormEngineProps } from './FormEngine';

const engine = import('./FormEngine');
// lazy() drops the generic signature; the loaded component is FormEngine itself.
const Loaded = lazy(async () => ({ default: (await engine).FormEngine })) as unknown as typeof FormEngine;

export function LazySchemaForm<T>(props: FormEngineProps<T>) {
  return (
    <Suspense
      fallback={
        <div className="sf-loading" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
        </div>
      }
    >
      <Loaded<T> {...props} />
    </Suspense>
  );
}

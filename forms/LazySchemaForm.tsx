// SchemaForm for pages that must paint at once (the sign-in pages): the form engine (RJSF,
// the validator, every generated schema) is its own chunk, requested as soon as the page's
// script runs and shown when it arrives, so the page's first paint does not wait for it.
import { lazy, Suspense } from 'react';
import type { SchemaForm, SchemaFormProps } from './SchemaForm';

const engine = import('./SchemaForm');
// lazy() drops the generic signature; the loaded component is SchemaForm itself.
const Loaded = lazy(async () => ({ default: (await engine).SchemaForm })) as unknown as typeof SchemaForm;

export function LazySchemaForm<T>(props: SchemaFormProps<T>) {
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

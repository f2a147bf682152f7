// A part of RJSF's registry loaded the first time a form renders it: renders nothing until its
// chunk has arrived (web/rjsf/array.ts).
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

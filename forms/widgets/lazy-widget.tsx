// A widget loaded on first use: the form engine, which every sign-in page loads, then carries
// only a stub for widgets that few forms render (image uploads, relations). Renders nothing
// until the widget's chunk has arrived.
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';

export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>): ComponentType<WidgetProps> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

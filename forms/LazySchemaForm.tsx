// The form of the sign-in pages, which must paint at once: the form engine (RJSF and the
// validator) is its own chunk, requested as soon as the page's script runs and shown when it
// arrives, so the page's first paint does not wait for it. The page gives its schema (and the
// definitions its refs need, if any); the uiSchema comes from the account screens' own map,
// so neither the schema registry nor other areas' uiSchemas come with the engine.
import { lazy, Suspense, useMemo } from 'react';
import type { UiSchema } from '@rjsf/utils';
import type { FormEngine, FormEngineProps } from './FormEngine';
import { schemaOf } from './schemas';
import type { JsonSchema, SchemaEntry } from './schemas';
import { accountsUiSchemas } from './uiSchemas/accounts';

const engine = import('./FormEngine');
// lazy() drops the generic signature; the loaded component is FormEngine itself.
const Loaded = lazy(async () => ({ default: (await engine).FormEngine })) as unknown as typeof FormEngine;

export type LazySchemaFormProps<T> = Omit<FormEngineProps<T>, 'schema'> & {
  /** The schema's entry: its name picks the uiSchema in forms/uiSchemas/accounts.ts. */
  entry: SchemaEntry;
  /** The form's schema; defaults to the entry's. */
  schema?: JsonSchema;
};

export function LazySchemaForm<T>({ entry, schema, uiSchema, ...props }: LazySchemaFormProps<T>) {
  const ui = useMemo<UiSchema>(() => ({ ...accountsUiSchemas[entry.name], ...uiSchema }), [entry, uiSchema]);
  return (
    <Suspense
      fallback={
        <div className="sf-loading" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
        </div>
      }
    >
      <Loaded<T> {...props} schema={schema ?? schemaOf(entry)} uiSchema={ui} />
    </Suspense>
  );
}

// A form rendered from a generated JSON Schema (its entry in generated/schemas, or given), with the
// uiSchema its document hints give (forms/resource/form-hints.ts), then the one registered
// under its name, then the screen's; refs resolve against the loaded schemas (forms/schemas.ts). The form
// itself is FormEngine; this adds the registries, which the sign-in pages leave out (they use
// LazySchemaForm with their own schema).
import { useMemo } from 'react';
import type { UiSchema } from '@rjsf/utils';
import type { FormEngineProps } from './FormEngine';
import { FormEngine } from './FormEngine';
import { hintedUiSchema, mergeUiSchemas } from './resource/form-hints';
import { loadedSchemas, schemaOf } from './schemas';
import type { JsonSchema, SchemaEntry } from './schemas';
import { uiSchemas } from './uiSchemas';

export type { FormToasts } from './FormEngine';

export type SchemaFormProps<T> = Omit<FormEngineProps<T>, 'schema'> & {
  /** The generated schema (unless `schema` is given); its name picks the registered uiSchema. */
  entry: SchemaEntry;
  /** The form's schema; defaults to the entry's. */
  schema?: JsonSchema;
  /** Merged over the hinted and registered uiSchemas. */
  uiSchema?: UiSchema;
};

export function SchemaForm<T>(props: SchemaFormProps<T>) {
  const { entry, schema, definitions, uiSchema, ...rest } = props;
  // Loaded even when the screen gives its own schema: that one is built from the entry's, refs and all.
  const entrySchema = schemaOf(entry);
  const formSchema = schema ?? entrySchema;
  const formDefinitions = definitions ?? loadedSchemas();
  const ui = useMemo<UiSchema>(
    () => mergeUiSchemas(mergeUiSchemas(hintedUiSchema({ schema: formSchema, definitions: formDefinitions }), uiSchemas[entry.name]), uiSchema),
    [formSchema, formDefinitions, entry.name, uiSchema],
  );
  return <FormEngine<T> {...rest} schema={formSchema} definitions={formDefinitions} uiSchema={ui} />;
}

// A form rendered from a generated JSON Schema, found by its OpenAPI name (or given), with the
// uiSchema its document hints give (forms/resource/form-hints.ts), then the one registered
// under that name, then the screen's; refs resolve against every generated schema. The form
// itself is FormEngine; this adds the registries, which the sign-in pages leave out (they use
// LazySchemaForm with their own schema).
import { useMemo } from 'react';
import type { UiSchema } from '@rjsf/utils';
import type { FormEngineProps } from './FormEngine';
import { FormEngine } from './FormEngine';
import { hintedUiSchema, mergeUiSchemas } from './resource/form-hints';
import { allSchemas, schemaByName } from './schemas';
import type { JsonSchema } from './schemas';
import { uiSchemas } from './uiSchemas';

export type { FormToasts } from './FormEngine';

export type SchemaFormProps<T> = Omit<FormEngineProps<T>, 'schema'> & {
  /** OpenAPI schema name: picks the generated schema (unless `schema` is given) and the registered uiSchema. */
  schemaName: string;
  /** The form's schema; defaults to the generated schema named `schemaName`. */
  schema?: JsonSchema;
  /** Merged over the hinted and registered uiSchemas. */
  uiSchema?: UiSchema;
};

export function SchemaForm<T>(props: SchemaFormProps<T>) {
  const { schemaName, schema, definitions, uiSchema, ...rest } = props;
  const formSchema = schema ?? schemaByName(schemaName);
  const formDefinitions = definitions ?? allSchemas;
  const ui = useMemo<UiSchema>(
    () => mergeUiSchemas(mergeUiSchemas(hintedUiSchema({ schema: formSchema, definitions: formDefinitions }), uiSchemas[schemaName]), uiSchema),
    [formSchema, formDefinitions, schemaName, uiSchema],
  );
  return <FormEngine<T> {...rest} schema={formSchema} definitions={formDefinitions} uiSchema={ui} />;
}

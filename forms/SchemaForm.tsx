// A form rendered from a generated JSON Schema, found by its OpenAPI name (or given), plus the
// uiSchema registered under that name; refs resolve against every generated schema. The form
// itself is FormEngine; this adds the registries, which the sign-in pages leave out (they use
// LazySchemaForm with their own schema).
import { useMemo } from 'react';
import type { UiSchema } from '@rjsf/utils';
import type { FormEngineProps } from './FormEngine';
import { FormEngine } from './FormEngine';
import { allSchemas, schemaByName } from './schemas';
import type { JsonSchema } from './schemas';
import { uiSchemas } from './uiSchemas';

export type { FormToasts } from './FormEngine';

export type SchemaFormProps<T> = Omit<FormEngineProps<T>, 'schema'> & {
  /** OpenAPI schema name: picks the generated schema (unless `schema` is given) and the registered uiSchema. */
  schemaName: string;
  /** The form's schema; defaults to the generated schema named `schemaName`. */
  schema?: JsonSchema;
  /** Merged over the registered uiSchema. */
  uiSchema?: UiSchema;
};

export function SchemaForm<T>(props: SchemaFormProps<T>) {
  const { schemaName, schema, definitions, uiSchema, ...rest } = props;
  const ui = useMemo<UiSchema>(() => ({ ...uiSchemas[schemaName], ...uiSchema }), [schemaName, uiSchema]);
  return <FormEngine<T> {...rest} schema={schema ?? schemaByName(schemaName)} definitions={definitions ?? allSchemas} uiSchema={ui} />;
}

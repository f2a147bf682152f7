// A form rendered from a generated JSON Schema, found by its OpenAPI name (or given), plus the
// uiSchema registered under that name; refs resolve against every generated schema. The form
// itself is FormEngine; this adds the schema registry, which the sign-in pages leave out
// (they use LazySchemaForm with their own schema).
import type { FormEngineProps } from './FormEngine';
import { FormEngine } from './FormEngine';
import { allSchemas, schemaByName } from './schemas';
import type { JsonSchema } from './schemas';

export type { FormToasts } from './FormEngine';

export type SchemaFormProps<T> = Omit<FormEngineProps<T>, 'schema'> & {
  /** The form's schema; defaults to the generated schema named `schemaName`. */
  schema?: JsonSchema;
};

export function SchemaForm<T>(props: SchemaFormProps<T>) {
  const { schema, definitions, schemaName } = props;
  return <FormEngine<T> {...props} schema={schema ?? schemaByName(schemaName)} definitions={definitions ?? allSchemas} />;
}

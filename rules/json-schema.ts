// A JSON Schema object as plain data (rules build schemas at run time, e.g. from a user's
// collection fields), with no dependency on a validator's types.

export type JsonSchemaObject = { [keyword: string]: unknown };

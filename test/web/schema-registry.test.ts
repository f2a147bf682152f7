// forms/schemas.ts reads the registry from the document's components so that the generated
// schemas module is only imported by name (tree-shaken per page): both must hold the same schemas.
import * as generated from '../../generated/client/schemas.gen';
import { allSchemas, schemaByName } from '../../forms/schemas';

const SUFFIX = 'Schema';
const exported = Object.fromEntries(
  Object.entries(generated)
    .filter(([key]) => key.endsWith(SUFFIX))
    .map(([key, schema]) => [key.slice(0, -SUFFIX.length), schema]),
);

describe('schema registry', () => {
  it('holds every generated schema, equal to its schemas.gen export', () => {
    expect(allSchemas).toEqual(exported);
  });

  it('finds a schema by name and names a missing one', () => {
    expect(schemaByName('AccountLoginBody')).toEqual(generated.AccountLoginBodySchema);
    expect(() => schemaByName('NoSuchSchema')).toThrow('No generated schema named "NoSuchSchema"');
  });
});

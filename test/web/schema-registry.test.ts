// generated/schemas holds every schema of the document, one module each; schemaOf loads one with
// everything its `$ref`s name, and a schema built at run time never replaces a document one.
import { components } from '../../generated/openapi.json';
import { loadedSchemas, runtimeEntry, schemaOf } from '../../forms/schemas';
import { ENTRIES } from '../helpers/schema-entries';
import { PlanSchema } from '../../generated/schemas/Plan';

describe('schema entries', () => {
  it('hold every schema of the bundled document, equal to it', () => {
    expect(Object.fromEntries(Object.entries(ENTRIES).map(([name, entry]) => [name, entry.schema]))).toEqual(components.schemas);
  });

  it("name each schema a `$ref` of theirs points to", () => {
    for (const entry of Object.values(ENTRIES)) {
      const refs = [...JSON.stringify(entry.schema).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((match) => match[1]).filter((name) => name !== entry.name);
      expect([...new Set(entry.uses.map((used) => used.name))].sort()).toEqual([...new Set(refs)].sort());
    }
  });

  it('load a schema with the schemas it refers to, through every level', () => {
    expect(schemaOf(PlanSchema)).toBe(PlanSchema.schema);
    const closure = (names: Set<string>, name: string): Set<string> => {
      if (names.has(name)) return names;
      names.add(name);
      for (const used of ENTRIES[name].uses) closure(names, used.name);
      return names;
    };
    for (const name of closure(new Set(), 'Plan')) expect(loadedSchemas()[name]).toBe(ENTRIES[name].schema);
  });

  it('never load a run-time schema, even one named as a document schema', () => {
    schemaOf(PlanSchema);
    const built = runtimeEntry({ name: 'Plan', schema: { type: 'object', properties: {} } });
    expect(schemaOf(built)).toBe(built.schema);
    expect(loadedSchemas().Plan).toBe(PlanSchema.schema);
  });
});

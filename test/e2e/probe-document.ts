// The probe edit of issue 37 item 4, made as a team member would make it: one optional string
// property with a title added to the named schemas of a copy of openapi/, each in the file that
// defines it, through the `yaml` package's document (comments and layout kept).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, parseDocument } from 'yaml';

export const PROBE = { name: 'probeNote', title: 'Probe note' } as const;

/** Adds the probe to `schemas` in the `*.yaml` files of `dir`; throws naming a schema no file defines with `properties`. */
export function addProbeProperty({ dir, schemas }: { dir: string; schemas: readonly string[] }): void {
  const left = new Set(schemas);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const path = join(dir, file);
    const doc = parseDocument(readFileSync(path, 'utf8'));
    let edited = false;
    for (const name of left) {
      const properties = doc.getIn(['components', 'schemas', name, 'properties']);
      if (!isMap(properties)) continue;
      properties.set(PROBE.name, doc.createNode({ type: 'string', title: PROBE.title, maxLength: 200 }));
      left.delete(name);
      edited = true;
    }
    if (edited) writeFileSync(path, doc.toString({ lineWidth: 0 }));
  }
  if (left.size > 0) throw new Error(`no openapi/*.yaml defines these schemas with properties: ${[...left].join(', ')}`);
}

// The start-up refusal: one paragraph per stored schema change that records break, naming the
// collection, the field and the migration to write.
import type { Violation } from './stored-violations';
import type { StoredShape } from './stored-shapes';

export class SchemaEvolutionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaEvolutionError';
  }
}

const what = (violation: Violation): string => {
  const { change } = violation;
  if (change.kind === 'required') return `now requires "${change.field}", which has no default, and stored records lack it`;
  if (change.kind === 'enum') {
    const removed = change.removed.length > 0 ? ` (${change.removed.map((value) => JSON.stringify(value)).join(', ')} no longer allowed)` : '';
    return `narrows the values of "${change.field}"${removed}, and stored records hold others`;
  }
  return `changes the type of "${change.field}" from ${change.from.join('|') || 'any'} to ${change.to.join('|')}, and stored records hold the old type`;
};

export function describeViolation({ shape, violation, nextMigration }: { shape: StoredShape; violation: Violation; nextMigration: string }): string {
  const { count, sampled, example, change } = violation;
  const where = shape.embedded ? `the "${shape.embedded}" lists of collection "${shape.collection}"` : `collection "${shape.collection}"`;
  const file = [nextMigration, shape.collection, shape.embedded, change.field].filter(Boolean).join('-');
  return [
    `Schema ${shape.schema} (${where}) ${what(violation)}: ${count} of ${sampled} sampled records, for example ${shape.embedded ? 'one in ' : ''}_id ${example}.`,
    `  Write a migration server/migrations/${file}.ts that updates them (see docs/operations.md)` +
      (change.kind === 'required' ? `, or give "${change.field}" a default in the OpenAPI document.` : '.'),
  ].join('\n');
}

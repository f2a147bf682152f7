// Start-up's schema evolution, under one store lease so two instances starting at once never
// run a migration twice: run the migrations not yet recorded, then compare each stored schema's
// shape with the one recorded at the last start and refuse to start when sampled records break
// a change nothing fills in (stored-violations.ts). `dryRun` runs nothing and records nothing.
import type { Migration } from '../migrations/migration';
import type { Doc, Store } from '../storage/port';
import { describeViolation, SchemaEvolutionError } from './refusal';
import { shapeChanges } from './shape-changes';
import { recordedShapes, recordShapes } from './shape-snapshots';
import { storedShapes } from './stored-shapes';
import type { StoredShape } from './stored-shapes';
import { storedViolations } from './stored-violations';
import { withStoreLease } from './store-lease';
import type { LeaseTiming } from './store-lease';

const MIGRATIONS = 'schemaMigrations';
const MIGRATION_ID = /^\d{4}-[a-z0-9][a-z0-9-]*$/i;

interface MigrationDoc extends Doc {
  _id: string;
  description: string;
  appliedAt: string;
  ms: number;
}

export interface Evolution {
  /** Migrations run now (or, on a dry run, that would run), in order. */
  migrations: string[];
  /** Refusals found; a real start throws them as one SchemaEvolutionError instead. */
  refusals: string[];
}

function ordered(migrations: readonly Migration[]): Migration[] {
  const ids = new Set<string>();
  for (const { id } of migrations) {
    if (!MIGRATION_ID.test(id)) throw new Error(`Migration id "${id}" must look like 0001-what-it-does`);
    if (ids.has(id)) throw new Error(`Two migrations share the id "${id}"`);
    ids.add(id);
  }
  return [...migrations].sort((a, b) => a.id.localeCompare(b.id));
}

const nextNumber = (migrations: readonly Migration[]): string =>
  String(Math.max(0, ...migrations.map(({ id }) => Number.parseInt(id, 10))) + 1).padStart(4, '0');

async function refusalsFor({ store, before, shapes, migrations }: { store: Store; before: Map<string, StoredShape>; shapes: StoredShape[]; migrations: readonly Migration[] }): Promise<string[]> {
  const refusals: string[] = [];
  for (const shape of shapes) {
    const recorded = before.get(shape.schema);
    if (!recorded) continue;
    const changes = shapeChanges({ before: recorded, after: shape });
    const violations = await storedViolations({ collection: store.collection(shape.collection), shape, changes });
    refusals.push(...violations.map((violation) => describeViolation({ shape, violation, nextMigration: nextNumber(migrations) })));
  }
  return refusals;
}

export async function evolveStore({ store, document, migrations, now, dryRun = false, timing }: { store: Store; document: object; migrations: readonly Migration[]; now: () => Date; dryRun?: boolean; timing?: LeaseTiming }): Promise<Evolution> {
  const all = ordered(migrations);
  const shapes = storedShapes(document);
  return withStoreLease({
    store,
    name: 'schema-evolution',
    now,
    timing,
    work: async () => {
      const records = store.collection<MigrationDoc>(MIGRATIONS);
      const applied = new Set((await records.find({})).map((doc) => doc._id));
      const pending = all.filter(({ id }) => !applied.has(id));
      const before = await recordedShapes(store);
      if (dryRun) return { migrations: pending.map(({ id }) => id), refusals: await refusalsFor({ store, before, shapes, migrations: all }) };
      for (const migration of pending) {
        const started = Date.now();
        await migration.up({ store, now });
        await records.insertOne({ _id: migration.id, description: migration.description, appliedAt: now().toISOString(), ms: Date.now() - started });
      }
      const refusals = await refusalsFor({ store, before, shapes, migrations: all });
      if (refusals.length > 0) throw new SchemaEvolutionError(`The stored records do not fit the OpenAPI document, so the server will not start:\n${refusals.join('\n')}`);
      // A start with an unchanged document writes nothing.
      const changed = shapes.filter((shape) => JSON.stringify(before.get(shape.schema)) !== JSON.stringify(shape));
      await recordShapes({ store, shapes: changed, now });
      return { migrations: pending.map(({ id }) => id), refusals };
    },
  });
}

// Start-up's schema evolution on the configured engine (SQLite here, MongoDB under test:mongo):
// which document edits the stored records survive, which refuse the start with a message that
// names the collection, the field and the migration, and migrations run once under the lease.
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { evolveStore } from '../../server/schema-evolution/evolve-store';
import { SchemaEvolutionError } from '../../server/schema-evolution/refusal';
import type { Migration } from '../../server/migrations/migration';

type Property = Record<string, unknown>;

/** A one-schema document: Member, stored in "members", with these properties and required ones. */
const documentOf = (properties: Record<string, Property>, required: string[] = ['name']) => ({
  components: { schemas: { Member: { type: 'object', 'x-stored-in': 'members', required, properties } } },
});

const base = { name: { type: 'string' }, plan: { type: 'string', enum: ['free', 'pro', 'team'] }, seats: { type: 'integer' } };
const FAST = { leaseMs: 2_000, pollMs: 20, waitMs: 20_000 };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await t.ctx.store.collection('members').insertMany([
    { _id: 'm1', name: 'Ada', plan: 'pro', seats: 3 },
    { _id: 'm2', name: 'Grace', plan: 'team', seats: 10 },
  ]);
});
afterEach(() => t.close());

const evolve = (document: object, migrations: Migration[] = [], dryRun = false) =>
  evolveStore({ store: t.ctx.store, document, migrations, now: t.ctx.now, dryRun, timing: FAST });

describe('a start after an edit of a stored schema', () => {
  it.each([
    ['an optional property added', { ...base, company: { type: 'string' } }, ['name']],
    ['a required property added with a default', { ...base, size: { type: 'string', enum: ['solo', 'team'], default: 'solo' } }, ['name', 'size']],
    ['an enum widened', { ...base, plan: { type: 'string', enum: ['free', 'pro', 'team', 'enterprise'] } }, ['name']],
    ['an integer widened to a number', { ...base, seats: { type: 'number' } }, ['name']],
    ['a type made nullable', { ...base, seats: { type: ['integer', 'null'] } }, ['name']],
    ['a property removed', { name: { type: 'string' } }, ['name']],
    ['an enum narrowed that no stored record uses', { ...base, plan: { type: 'string', enum: ['pro', 'team'] } }, ['name']],
  ])('goes ahead with %s', async (_name, properties, required) => {
    await evolve(documentOf(base));
    await expect(evolve(documentOf(properties, required))).resolves.toEqual({ migrations: [], refusals: [] });
  });

  it.each([
    ['a required property with no default', { ...base, size: { type: 'string' } }, ['name', 'size'], /Schema Member \(collection "members"\) now requires "size", which has no default, and stored records lack it: 2 of 2 sampled records, for example _id m1/],
    ['an enum narrowed under stored values', { ...base, plan: { type: 'string', enum: ['free', 'pro'] } }, ['name'], /narrows the values of "plan" \("team" no longer allowed\), and stored records hold others: 1 of 2 sampled records, for example _id m2/],
    ['a changed type', { ...base, seats: { type: 'string' } }, ['name'], /changes the type of "seats" from integer to string, and stored records hold the old type: 2 of 2/],
  ])('is refused for %s, naming the migration to write', async (_name, properties, required, message) => {
    await evolve(documentOf(base));
    const refused = evolve(documentOf(properties, required));
    await expect(refused).rejects.toThrow(SchemaEvolutionError);
    await expect(refused).rejects.toThrow(message);
    await expect(refused).rejects.toThrow(/Write a migration server\/migrations\/0001-members-(size|plan|seats)\.ts/);
  });

  it('refuses again at the next start, since the refused shape is not recorded', async () => {
    await evolve(documentOf(base));
    const edited = documentOf({ ...base, size: { type: 'string' } }, ['name', 'size']);
    await expect(evolve(edited)).rejects.toThrow(SchemaEvolutionError);
    await expect(evolve(edited)).rejects.toThrow(SchemaEvolutionError);
  });

  it('records the first shape it sees without judging old records by it', async () => {
    await expect(evolve(documentOf({ ...base, size: { type: 'string' } }, ['name', 'size']))).resolves.toEqual({ migrations: [], refusals: [] });
  });

  it('lets an empty collection take any change', async () => {
    await evolve(documentOf(base));
    await t.ctx.store.collection('members').deleteMany({});
    await expect(evolve(documentOf({ ...base, size: { type: 'string' } }, ['name', 'size']))).resolves.toEqual({ migrations: [], refusals: [] });
  });
});

describe('migrations', () => {
  const runs: string[] = [];
  const backfill: Migration = {
    id: '0001-members-size',
    description: 'Every member gets a team size',
    up: async ({ store }) => {
      runs.push('0001');
      await store.collection('members').updateMany({ size: { $exists: false } }, { $set: { size: 'solo' } });
    },
  };
  const required = documentOf({ ...base, size: { type: 'string' } }, ['name', 'size']);
  beforeEach(() => {
    runs.length = 0;
  });

  it('backfill stored records, so a new required field with no default starts', async () => {
    await evolve(documentOf(base));
    await expect(evolve(required, [backfill])).resolves.toEqual({ migrations: ['0001-members-size'], refusals: [] });
    expect(await t.ctx.store.collection('members').find({}, { sort: { _id: 1 } })).toEqual([
      expect.objectContaining({ _id: 'm1', size: 'solo' }),
      expect.objectContaining({ _id: 'm2', size: 'solo' }),
    ]);
  });

  it('run once per store, and are recorded with what they did', async () => {
    await evolve(required, [backfill]);
    await expect(evolve(required, [backfill])).resolves.toEqual({ migrations: [], refusals: [] });
    expect(runs).toEqual(['0001']);
    expect(await t.ctx.store.collection('schemaMigrations').findOne({ _id: '0001-members-size' })).toMatchObject({ description: 'Every member gets a team size' });
  });

  it('run once when two instances start at the same moment', async () => {
    const slow: Migration = { ...backfill, up: async (input) => { await new Promise((done) => setTimeout(done, 200)); await backfill.up(input); } };
    const both = await Promise.all([evolve(required, [slow]), evolve(required, [slow])]);
    expect(runs).toEqual(['0001']);
    expect(both.map((evolution) => evolution.migrations).sort()).toEqual([[], ['0001-members-size']]);
  });

  it('run in the order of their numbers', async () => {
    const second: Migration = { id: '0002-members-plan', description: 'x', up: async () => void runs.push('0002') };
    await evolve(documentOf(base), [second, backfill]);
    expect(runs).toEqual(['0001', '0002']);
  });

  it('take over the lease of an instance killed mid-way as soon as it expires', async () => {
    await t.ctx.store.collection('storeLeases').insertOne({ _id: 'schema-evolution', holder: 'killed', expiresAt: new Date(t.ctx.now().getTime() + 1_000).toISOString() });
    const started = Date.now();
    t.advance(1_500);
    await evolve(required, [backfill]);
    expect(runs).toEqual(['0001']);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it.each([
    ['an id without a number', [{ ...backfill, id: 'members-size' }], 'Migration id "members-size" must look like 0001-what-it-does'],
    ['two with one id', [backfill, backfill], 'Two migrations share the id "0001-members-size"'],
  ])('refuse %s', async (_name, migrations, message) => {
    await expect(evolve(documentOf(base), migrations)).rejects.toThrow(message);
  });

  it('on a dry run show what would run and what would be refused, and change nothing', async () => {
    await evolve(documentOf(base));
    await expect(evolve(required, [backfill], true)).resolves.toEqual({
      migrations: ['0001-members-size'],
      refusals: [expect.stringContaining('now requires "size"')],
    });
    expect(runs).toEqual([]);
    expect(await t.ctx.store.collection('members').findOne({ _id: 'm1' })).not.toHaveProperty('size');
  });
});

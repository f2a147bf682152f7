// The usage counter's chain of versions on two instances sharing one store (issue 18 item 4): a
// writer that lost the race for the next version leaps on and judges its changes afterwards on
// the versions before its own, and a seq nobody wrote (its writer leapt past it, or died first)
// is filled empty by whoever needs it, so the usage still adds up and nobody waits for it.
import { randomUUID } from 'node:crypto';
import { twoInstancesOnOneStore } from '../helpers/two-instances';
import { chargeUsage, quotaMessages, usageOf } from '../../server/services/database/quotas';
import { DB_USAGE, versionId } from '../../server/services/database/usage-versions';
import type { UsageDoc } from '../../server/services/database/usage-versions';
import type { Usage } from '../../server/services/database/usage-changes';

const QUOTA = 3;
const pair = twoInstancesOnOneStore({ prefix: 'nindo-usage-versions-', config: { dataQuotas: { documents: QUOTA, bytes: 1_000_000, requestsPerMonth: 1000, requestsPerMinute: 500 } } });
const versions = () => pair.one.ctx.store.collection<UsageDoc>(DB_USAGE);

it('adds up the changes a writer left alone past a seq nobody wrote, and fills that seq empty', async () => {
  const appId = randomUUID();
  await chargeUsage({ ctx: pair.one.ctx, appId, documents: 1, bytes: 10 });
  // What a writer that leapt past seq 2 and was killed before learning its verdict leaves.
  await versions().insertOne({ _id: versionId(appId, 3), appId, seq: 3, at: new Date().toISOString(), changes: [{ add: { documents: 1, bytes: 5 } }] });
  expect(await usageOf({ ctx: pair.two.ctx, appId })).toEqual({ documents: 2, bytes: 15 });
  expect(await versions().findOne({ _id: versionId(appId, 2) })).toMatchObject({ seq: 2, changes: [] });
  await chargeUsage({ ctx: pair.two.ctx, appId, documents: 1, bytes: 1 });
  expect(await usageOf({ ctx: pair.one.ctx, appId })).toEqual({ documents: 3, bytes: 16 });
});

it('judges the change of a writer that lost the race on the versions before its own: the quota the other instance filled refuses it', async () => {
  const appId = randomUUID();
  await chargeUsage({ ctx: pair.one.ctx, appId, documents: 1 });
  await chargeUsage({ ctx: pair.two.ctx, appId, documents: QUOTA - 1 });
  // `one` still remembers its own version as the newest: it loses seq 2 and leaps on.
  await expect(chargeUsage({ ctx: pair.one.ctx, appId, documents: 1 })).rejects.toThrow(quotaMessages.documents(QUOTA));
  expect(await usageOf({ ctx: pair.one.ctx, appId })).toEqual({ documents: QUOTA, bytes: 0 });
  expect((await versions().find({ appId }, { sort: { _id: 1 } })).map(({ seq, changes }) => ({ seq, changes: changes?.length }))).toEqual([
    { seq: 1, changes: 1 },
    { seq: 2, changes: 1 },
    { seq: 3, changes: 0 },
    { seq: 4, changes: 1 },
  ]);
});

describe("reading the newest version from the one this process saw last", () => {
  /**
   * Versions after seq `from` (whose usage is `usage`) as other instances leave them, each adding a
   * byte: every `skipEvery`th seq skipped by a leaper, whose own version above it holds only its changes.
   */
  function laterVersions({ appId, from, usage, count, skipEvery }: { appId: string; from: number; usage: Usage; count: number; skipEvery?: number }): UsageDoc[] {
    const skipped = (seq: number): boolean => skipEvery !== undefined && (seq - from) % skipEvery === 0;
    const seqs = Array.from({ length: count }, (_, i) => from + 1 + i).filter((seq) => !skipped(seq));
    return seqs.map((seq, i) => ({
      _id: versionId(appId, seq),
      appId,
      seq,
      at: new Date().toISOString(),
      changes: [{ add: { documents: 0, bytes: 1 } }],
      ...(skipped(seq - 1) ? {} : { documents: usage.documents, bytes: usage.bytes + i + 1 }),
    }));
  }

  /** Counts instance one's reads of the usage versions while `run` runs: by key and by range. */
  async function readsOf(run: () => Promise<unknown>): Promise<{ byKey: number; byRange: number }> {
    const reads = { byKey: 0, byRange: 0 };
    const store = pair.one.ctx.store;
    const collection = store.collection.bind(store);
    const spy = jest.spyOn(store, 'collection').mockImplementation((name) => {
      const real = collection(name);
      if (name !== DB_USAGE) return real;
      const counted = { findOne: 'byKey', find: 'byRange' } as const;
      return new Proxy(real, { get: (target, key) => (key === 'findOne' || key === 'find' ? (...args: never[]) => ((reads[counted[key]] += 1), (target[key] as (...a: never[]) => unknown)(...args)) : Reflect.get(target, key)) });
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return reads;
  }

  it.each([
    ['none came since', 0, undefined, 2],
    ['3 came since', 3, undefined, 30],
    ['41 came since, every 4th seq skipped by a leaper (the newest holding only its changes)', 41, 4, 60],
    ['3,000 came since, past the first lookups', 3000, undefined, 100],
  ])('adds up the usage by key alone when %s', async (_name, count, skipEvery, maxLookups) => {
    const appId = randomUUID();
    await chargeUsage({ ctx: pair.one.ctx, appId, documents: 1, bytes: 10 });
    const later = laterVersions({ appId, from: 1, usage: { documents: 1, bytes: 10 }, count, skipEvery });
    if (later.length > 0) await versions().insertMany(later);
    const reads = await readsOf(async () => expect(await usageOf({ ctx: pair.one.ctx, appId })).toEqual({ documents: 1, bytes: 10 + later.length }));
    expect(reads.byRange).toBe(0);
    expect(reads.byKey).toBeLessThanOrEqual(maxLookups);
    // The other instance, reading by a range, adds up the same.
    expect(await usageOf({ ctx: pair.two.ctx, appId })).toEqual({ documents: 1, bytes: 10 + later.length });
  });

  it('reads by a range once the version it saw is a minute old', async () => {
    const appId = randomUUID();
    await chargeUsage({ ctx: pair.one.ctx, appId, documents: 1 });
    await versions().insertMany(laterVersions({ appId, from: 1, usage: { documents: 1, bytes: 0 }, count: 2 }));
    pair.one.advance(60_000);
    const reads = await readsOf(async () => expect(await usageOf({ ctx: pair.one.ctx, appId })).toEqual({ documents: 1, bytes: 2 }));
    expect(reads.byRange).toBeGreaterThan(0);
  });
});

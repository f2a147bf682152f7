// The tail across apps reads the change log by time bucket (model.ts, bucketOf;
// docs/public-data-api.md, "One read per poll"): an equality FerretDB 1.x pushes down to
// PostgreSQL where it pushes down no range, so a poll reads one bucket's entries, not the whole log.
import { randomUUID } from 'node:crypto';
import { withTestApp } from '../helpers/test-app';
import { dataApp, documentsPath, basic } from '../database-public/fixtures';
import request from 'supertest';
import { BUCKET_MS, bucketOf, changeId, changeLog, DB_CHANGES } from '../../server/services/database/live/model';
import type { ChangeDoc } from '../../server/services/database/live/model';
import { entriesSince } from '../../server/services/database/live/tail-across-apps';
import type { Collection, Doc, Store } from '../../server/storage/port';

const t = withTestApp();

/** A bucket's first millisecond. */
const EDGE = 177_000 * BUCKET_MS;
const iso = (ms: number): string => new Date(ms).toISOString();

async function store(appId: string, ats: number[]): Promise<void> {
  const entries = ats.map((ms, n): ChangeDoc => ({ _id: changeId({ appId, seq: n + 1 }), appId, seq: n + 1, type: 'created', collectionId: 'c', collection: 'notes', docId: `d${n}`, at: iso(ms), bucket: bucketOf(iso(ms)) }));
  await changeLog(t.ctx).insertMany(entries);
}

/** The filters of the change log's finds made through `store` from now on. */
function recordFinds(of: Store): Record<string, unknown>[] {
  const filters: Record<string, unknown>[] = [];
  const collection = of.collection.bind(of);
  of.collection = <T extends Doc>(name: string, options?: Parameters<Store['collection']>[1]): Collection<T> => {
    const inner = collection<T>(name, options);
    if (name !== DB_CHANGES) return inner;
    return { ...inner, find: (filter, findOptions) => (filters.push(filter as Record<string, unknown>), inner.find(filter, findOptions)) };
  };
  return filters;
}

it('a write stores its entry with the bucket of its time', async () => {
  const { appId, appSecret } = await dataApp({ app: t.app, ctx: t.ctx });
  await request(t.app).post(documentsPath(appId)).set('Authorization', basic(appId, appSecret)).send({ title: 'Lamp' }).expect(201);
  const [entry] = await changeLog(t.ctx).find({ appId });
  expect(entry.bucket).toBe(Math.floor(Date.parse(entry.at) / BUCKET_MS));
});

it.each<[string, number[], { from: number; now: number }, number[]]>([
  ['entries on both sides of a bucket edge are read in order, by two reads of one bucket each', [EDGE - 1, EDGE, EDGE + 1], { from: EDGE - 3000, now: EDGE + 10 }, [EDGE - 1, EDGE, EDGE + 1]],
  ['an entry before the start is not read', [EDGE + 100, EDGE + 200], { from: EDGE + 150, now: EDGE + 300 }, [EDGE + 200]],
  ["an entry ahead of this clock within now's bucket is read", [EDGE + 100, EDGE + 5000], { from: EDGE, now: EDGE + 200 }, [EDGE + 100, EDGE + 5000]],
  ["an entry ahead of this clock in a later bucket waits until the clock reaches that bucket", [EDGE - 500, EDGE + 1], { from: EDGE - 1000, now: EDGE - 100 }, [EDGE - 500]],
  ['...and is read once it has', [EDGE - 500, EDGE + 1], { from: EDGE - 1000, now: EDGE }, [EDGE - 500, EDGE + 1]],
])('%s', async (_name, ats, { from, now }, read) => {
  await store(randomUUID(), ats);
  const finds = recordFinds(t.ctx.store);
  const entries = await entriesSince({ ctx: t.ctx, from: iso(from), now });
  expect(entries?.map((entry) => entry.at)).toEqual(read.map(iso));
  // Each read names one bucket by equality: what FerretDB pushes down.
  expect(finds.map((filter) => filter.bucket)).toEqual(Array.from({ length: bucketOf(iso(now)) - bucketOf(iso(from)) + 1 }, (_, n) => bucketOf(iso(from)) + n));
});

it('more entries than five pages is undefined (each tail then reads its own log), not a sixth read', async () => {
  const appId = randomUUID();
  await store(appId, Array.from({ length: 5001 }, (_, n) => EDGE + n));
  const finds = recordFinds(t.ctx.store);
  expect(await entriesSince({ ctx: t.ctx, from: iso(EDGE), now: EDGE + 6000 })).toBeUndefined();
  expect(finds).toHaveLength(5);
}, 60_000);

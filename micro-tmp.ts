import { openSqliteStore } from './server/storage/sqlite/sqlite-store';
import { seedItems } from './scripts/bench/bench-data';
import Database from 'better-sqlite3';
(async () => {
  const s = await openSqliteStore({ path: '/tmp/micro-storage.sqlite' });
  await seedItems(s);
  const c = s.collection('bench_items');
  const db = new Database('/tmp/micro-storage.sqlite');
  const st = db.prepare(`SELECT _id, doc FROM bench_items WHERE json_extract(doc, '$."ownerId"') = @p0 ORDER BY json_extract(doc, '$."createdAt"') DESC LIMIT 20`);
  const dv = db.prepare('PRAGMA data_version').pluck();
  const owners = Array.from({ length: 100 }, (_, i) => `owner-${i}`);
  const fns: Record<string, (i: number) => unknown> = {
    find: (i) => c.find({ ownerId: owners[i % 100] }, { sort: { createdAt: -1 }, limit: 20 }),
    raw: (i) => st.all({ p0: owners[i % 100] }),
    rawParse: (i) => (st.all({ p0: owners[i % 100] }) as { doc: string }[]).map((r) => JSON.parse(r.doc)),
    dataVersion: () => dv.get(),
  };
  const totals: Record<string, number> = {};
  for (let round = 0; round < 6; round++) for (const [k, fn] of Object.entries(fns)) {
    for (let i = 0; i < 500; i++) await fn(i);
    const t = performance.now();
    for (let i = 0; i < 4000; i++) await fn(i);
    if (round > 0) totals[k] = (totals[k] ?? 0) + (performance.now() - t) / 4000 * 1000 / 5;
  }
  console.log(Object.entries(totals).map(([k, v]) => `${k} ${v.toFixed(1)}µs`).join('  '));
})();

// A store whose every collection operation reports its duration (the store latency metric).
// Only built when metrics are on, so a server without them pays nothing.
import type { Collection, CollectionOptions, Doc, Store } from '../storage/port';

type Observe = (input: { operation: string; seconds: number }) => void;

const OPERATIONS = ['insertOne', 'insertMany', 'findOne', 'find', 'count', 'updateOne', 'updateMany', 'findOneAndUpdate', 'findOneAndDelete', 'deleteOne', 'deleteMany'] as const;

function timed<T>({ operation, observe, run }: { operation: string; observe: Observe; run: () => Promise<T> }): Promise<T> {
  const started = process.hrtime.bigint();
  return run().finally(() => observe({ operation, seconds: Number(process.hrtime.bigint() - started) / 1e9 }));
}

function instrumentCollection<T extends Doc>(collection: Collection<T>, observe: Observe): Collection<T> {
  const wrapped = { ...collection } as Record<string, unknown>;
  for (const operation of OPERATIONS) {
    const original = collection[operation] as (...args: unknown[]) => Promise<unknown>;
    wrapped[operation] = (...args: unknown[]) => timed({ operation, observe, run: () => original.apply(collection, args) });
  }
  return wrapped as unknown as Collection<T>;
}

export function instrumentStore(store: Store, observe: Observe): Store {
  return {
    engine: store.engine,
    collection: <T extends Doc = Doc>(name: string, options?: CollectionOptions) => instrumentCollection(store.collection<T>(name, options), observe),
    ensureIndex: (spec) => store.ensureIndex(spec),
    dropIndex: (spec) => store.dropIndex(spec),
    ...(store.backupTo ? { backupTo: store.backupTo.bind(store) } : {}),
    ...(store.writeAtomically ? { writeAtomically: store.writeAtomically.bind(store) } : {}),
    close: () => store.close(),
  };
}

// A store whose every collection operation reports its duration and collection (the store latency
// metric, the slow store call log). Only built when one of them is on, so a server without them
// pays nothing.
import type { Collection, CollectionOptions, Doc, Store } from '../storage/port';

export type ObserveStore = (input: { operation: string; collection: string; seconds: number }) => void;

const OPERATIONS = ['insertOne', 'insertMany', 'insertEach', 'findOne', 'find', 'count', 'updateOne', 'updateMany', 'findOneAndUpdate', 'findOneAndDelete', 'deleteOne', 'deleteMany'] as const;

function timed<T>({ operation, collection, observe, run }: { operation: string; collection: string; observe: ObserveStore; run: () => Promise<T> }): Promise<T> {
  const started = process.hrtime.bigint();
  return run().finally(() => observe({ operation, collection, seconds: Number(process.hrtime.bigint() - started) / 1e9 }));
}

function instrumentCollection<T extends Doc>({ collection, name, observe }: { collection: Collection<T>; name: string; observe: ObserveStore }): Collection<T> {
  const wrapped = { ...collection } as Record<string, unknown>;
  for (const operation of OPERATIONS) {
    const original = collection[operation] as (...args: unknown[]) => Promise<unknown>;
    wrapped[operation] = (...args: unknown[]) => timed({ operation, collection: name, observe, run: () => original.apply(collection, args) });
  }
  return wrapped as unknown as Collection<T>;
}

export function instrumentStore(store: Store, observe: ObserveStore): Store {
  return {
    engine: store.engine,
    collection: <T extends Doc = Doc>(name: string, options?: CollectionOptions) => instrumentCollection({ collection: store.collection<T>(name, options), name, observe }),
    ensureIndex: (spec) => store.ensureIndex(spec),
    dropIndex: (spec) => store.dropIndex(spec),
    ...(store.backupTo ? { backupTo: store.backupTo.bind(store) } : {}),
    ...(store.writeAtomically ? { writeAtomically: store.writeAtomically.bind(store) } : {}),
    close: () => store.close(),
  };
}

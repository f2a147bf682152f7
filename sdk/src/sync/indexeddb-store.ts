// The local copy in a browser's IndexedDB (the plain API, no library): one database per name,
// shared by the tabs of one origin, so a reload or another tab finds the records and the queue.
import type { NindoDocument } from '../collection.ts';
import type { LocalStore, QueuedWrite } from './store.ts';

type StoreName = 'records' | 'queries' | 'queue' | 'meta';

const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused the request'));
  });

function open(name: string): Promise<IDBDatabase> {
  const request = indexedDB.open(`nindo-sync:${name}`, 1);
  request.onupgradeneeded = () => {
    const db = request.result;
    db.createObjectStore('records', { keyPath: ['collection', 'id'] }).createIndex('collection', 'collection');
    db.createObjectStore('queries');
    db.createObjectStore('queue', { keyPath: 'key', autoIncrement: true });
    db.createObjectStore('meta');
  };
  return done(request);
}

interface RecordRow {
  collection: string;
  id: string;
  doc: NindoDocument;
}

export function indexedDbStore({ name }: { name: string }): LocalStore {
  const db = open(name);
  /** One transaction over one object store; resolves once it committed, with what `work` gave. */
  const run = async <T>(store: StoreName, mode: IDBTransactionMode, work: (objects: IDBObjectStore) => Promise<T> | T): Promise<T> => {
    const tx = (await db).transaction(store, mode);
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB refused the transaction'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB aborted the transaction'));
    });
    const result = await work(tx.objectStore(store));
    await committed;
    return result;
  };
  return {
    shared: name,
    getRecord: (collection, id) => run('records', 'readonly', async (objects) => (await done<RecordRow | undefined>(objects.get([collection, id])))?.doc),
    records: (collection) => run('records', 'readonly', async (objects) => (await done<RecordRow[]>(objects.index('collection').getAll(collection))).map((row) => row.doc)),
    putRecords: (collection, docs) =>
      run('records', 'readwrite', (objects) => {
        for (const doc of docs) objects.put({ collection, id: doc._id, doc } satisfies RecordRow);
      }),
    removeRecord: (collection, id) =>
      run('records', 'readwrite', (objects) => {
        objects.delete([collection, id]);
      }),
    queryIds: (key) => run('queries', 'readonly', (objects) => done<string[] | undefined>(objects.get(key))),
    setQueryIds: (key, ids) =>
      run('queries', 'readwrite', (objects) => {
        objects.put(ids, key);
      }),
    queryKeys: () => run('queries', 'readonly', async (objects) => (await done(objects.getAllKeys())).map(String)),
    removeQuery: (key) =>
      run('queries', 'readwrite', (objects) => {
        objects.delete(key);
      }),
    queue: () => run('queue', 'readonly', (objects) => done<QueuedWrite[]>(objects.getAll())),
    enqueue: (write) => run('queue', 'readwrite', async (objects) => ({ ...write, key: Number(await done(objects.add(write))) })),
    replaceWrite: (write) =>
      run('queue', 'readwrite', async (objects) => {
        // Only a write still waiting: another tab may have sent and removed it meanwhile.
        if ((await done(objects.count(write.key))) > 0) objects.put(write);
      }),
    removeWrite: (key) =>
      run('queue', 'readwrite', (objects) => {
        objects.delete(key);
      }),
    getMeta: <T>(meta: string) => run('meta', 'readonly', (objects) => done<T | undefined>(objects.get(meta))),
    setMeta: (meta, value) =>
      run('meta', 'readwrite', (objects) => {
        objects.put(value, meta);
      }),
  };
}

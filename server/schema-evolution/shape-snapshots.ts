// The shape of each stored schema as of the last start that passed the check, kept in the store
// so the next start (of any instance, with any document) can tell what changed.
import type { Doc, Store } from '../storage/port';
import type { StoredShape } from './stored-shapes';

const SHAPES = 'schemaShapes';

interface ShapeDoc extends Doc {
  _id: string;
  shape: StoredShape;
  recorded: string;
}

export async function recordedShapes(store: Store): Promise<Map<string, StoredShape>> {
  const docs = await store.collection<ShapeDoc>(SHAPES).find({});
  return new Map(docs.map((doc) => [doc._id, doc.shape]));
}

export async function recordShapes({ store, shapes, now }: { store: Store; shapes: StoredShape[]; now: () => Date }): Promise<void> {
  const collection = store.collection<ShapeDoc>(SHAPES);
  for (const shape of shapes) {
    await collection.findOneAndUpdate({ _id: shape.schema }, { $set: { shape, recorded: now().toISOString() } }, { upsert: true });
  }
}

// What a resource screen's popups, delete and drag do, from its description: the per-record
// create, update and delete operations (delete with query arguments from the row), or one
// whole-list save standing in for all three; a reorder saved as the list or row by row.
import { changedOrders } from '../sortable/reorder';
import type { ArgsOf, ItemOf, ListSdk, PathOf, ResourceDescription, RowOf, Sdk } from '../../../../forms/resource/description';
import { failureAt, listWith } from '../../../../forms/resource/whole-list';
import { readsOf, useResourceMutation } from './use-resource';

type Writes<Row> = {
  create: (body: object) => Promise<unknown>;
  update: (row: Row, body: object) => Promise<unknown>;
  remove: (row: Row) => Promise<unknown>;
  reorder: (next: Row[]) => Promise<unknown>;
};

const field = (row: unknown, name: string): unknown => (row as Record<string, unknown>)[name];

export function useResourceWrites<L extends ListSdk, C extends Sdk, U extends Sdk, D extends Sdk, S extends Sdk, F, X>({ description, path, rows }: {
  description: ResourceDescription<L, Sdk, C, U, D, S, F, X>;
  path: PathOf<L>;
  /** Every record (clientSide lists): what a whole-list save changes. */
  rows: ReadonlyArray<RowOf<L>>;
}): Writes<RowOf<L>> {
  type Row = RowOf<L>;
  const { idField = 'id', idParam = 'id', saveAll, reorder } = description;
  const refreshes = readsOf(description);
  const create = useResourceMutation({ operation: description.create, refreshes });
  const update = useResourceMutation({ operation: description.update, refreshes });
  const remove = useResourceMutation({ operation: description.delete, refreshes });
  const save = useResourceMutation({ operation: saveAll, refreshes });

  const recordPath = (row: Row): Record<string, string> => Object.assign({}, path, { [idParam]: String(field(row, idField)) });
  const saveList = async ({ list, at }: { list: ReadonlyArray<ItemOf<S>>; at?: number }) => {
    try {
      return await save.mutateAsync({ path, body: list } as ArgsOf<S>);
    } catch (thrown) {
      throw failureAt({ thrown, at });
    }
  };
  const inputs = () => (saveAll ? rows.map(saveAll.toInput) : []);
  const updateOrder = (next: Row[], name: string) =>
    Promise.all(changedOrders({ items: next, orderOf: (row) => Number(field(row, name)) }).map(({ item, order }) => update.mutateAsync({ path: recordPath(item), body: { [name]: order } } as ArgsOf<U>)));

  return {
    create: (body) => (saveAll ? saveList({ list: listWith({ inputs: inputs(), values: body }) }) : create.mutateAsync({ path, body } as ArgsOf<C>)),
    update: (row, body) => {
      const at = rows.indexOf(row);
      return saveAll ? saveList({ list: listWith({ inputs: inputs(), at, values: body }), at }) : update.mutateAsync({ path: recordPath(row), body } as ArgsOf<U>);
    },
    remove: (row) => {
      if (saveAll) return saveList({ list: rows.filter((other) => other !== row).map(saveAll.toInput) });
      const query = description.delete?.query?.(row);
      return remove.mutateAsync({ path: recordPath(row), ...(query ? { query } : {}) } as ArgsOf<D>);
    },
    reorder: (next) => (reorder?.by === 'field' ? updateOrder(next, reorder.field) : saveAll ? saveList({ list: next.map(saveAll.toInput) }) : Promise.resolve()),
  };
}

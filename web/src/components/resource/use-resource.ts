// The typed hooks of resource screens, over TanStack Query and the generated query keys:
// a list the DataTable pages through, one record, and mutations that refresh what they touch.
import { useCallback, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../forms/call-api';
import { toListParams } from '../../../../forms/resource/list-query';
import { pageLocally } from '../../../../forms/resource/local-page';
import { searchOf } from '../../../../forms/resource/search';
import { rowsOf, totalOf } from '../../../../forms/resource/description';
import type { ArgsOf, DataOf, ListSdk, Operation, PathOf, QueryOperation, ResourceDescription, RowOf, Sdk } from '../../../../forms/resource/description';
import type { TablePage, TableQuery } from '../data-table/DataTable';

// Calling a generic SDK function: its parameter is `never` at the constraint, the caller's
// types (ArgsOf<F>) are what checks the arguments.
const call = <F extends Sdk>(operation: Operation<F>, args: ArgsOf<F>): Promise<DataOf<F>> => callApi<DataOf<F>>(operation.call(args as never) as Promise<{ data?: DataOf<F> }>);

/** Invalidates every cached query of these operations (generated keys carry the operationId in `_id`). */
export function refreshOperations(client: QueryClient, operationIds: ReadonlyArray<string>): Promise<void> {
  return client.invalidateQueries({
    predicate: ({ queryKey: [head] }) => typeof head === 'object' && head !== null && '_id' in head && operationIds.includes(String(head._id)),
  });
}

type ListDescription<L extends ListSdk> = Pick<ResourceDescription<L>, 'list' | 'search' | 'schema'>;

/**
 * Every record of a clientSide list, cached beside the generated key (not under it: other
 * screens cache the envelope there) so that refreshing the operation reloads it too.
 */
function rowsQuery<L extends ListSdk>({ list, path }: { list: ListDescription<L>['list']; path: PathOf<L> }) {
  return {
    queryKey: [...list.queryKey({ path }), 'rows'],
    queryFn: async (): Promise<RowOf<L>[]> => [...rowsOf((await call(list, { path } as ArgsOf<L>)).data)] as RowOf<L>[],
  };
}

/** Every record of a clientSide list (none for a paged one): for whole-list saves, reorders and form checks. */
export function useResourceRows<L extends ListSdk>({ description, path }: { description: ListDescription<L>; path: PathOf<L> }) {
  return useQuery({ ...rowsQuery({ list: description.list, path }), enabled: description.list.clientSide === true });
}

/** The query key and fetch function a DataTable needs for the description's list. */
export function useResourceList<L extends ListSdk>({ description, path }: { description: ListDescription<L>; path: PathOf<L> }) {
  const { list } = description;
  const search = searchOf(description);
  const client = useQueryClient();
  const queryKey = useMemo(() => list.queryKey({ path }), [list, path]);
  const fetch = useCallback(
    async (table: TableQuery): Promise<TablePage<RowOf<L>>> => {
      const field = table.searchField ?? search?.field;
      const exact = [search, ...(search?.choices ?? [])].find((choice) => choice?.field === field)?.exact;
      if (list.clientSide) {
        const rows = await client.fetchQuery(rowsQuery({ list, path }));
        return pageLocally({ rows, query: { page: table.page, limit: table.limit, sort: table.sort, search: field ? { field, text: table.search, exact } : undefined } });
      }
      const query = list.params
        ? list.params({ page: table.page, limit: table.limit, search: table.search, sort: list.sortable ? table.sort : undefined })
        : list.serverQuery === false
        ? { page: table.page, limit: table.limit }
        : toListParams({ page: table.page, limit: table.limit, sort: table.sort, search: field ? { field, text: table.search, exact } : undefined });
      const envelope = await call(list, { path, query } as ArgsOf<L>);
      return { docs: [...rowsOf(envelope.data)] as RowOf<L>[], total: totalOf(envelope.data) };
    },
    [list, search, path, client],
  );
  return { queryKey, fetch };
}

/** One record through the description's get operation, cached under its generated key. */
export function useResourceGet<G extends Sdk>({ operation, args }: { operation?: QueryOperation<G>; args: ArgsOf<G> }) {
  return useQuery({
    queryKey: operation ? operation.queryKey(args) : ['no-get-operation'],
    queryFn: () => (operation ? call(operation, args) : Promise.reject(new Error('No such operation'))),
    enabled: Boolean(operation),
  });
}

/**
 * A mutation through a generated SDK function: resolves with the success envelope or throws
 * the failure (message and fieldErrors, what SchemaForm and ConfirmPopup show), then
 * refreshes the queries of `refreshes` (operationIds: the resource's list and get).
 */
export function useResourceMutation<F extends Sdk>({ operation, refreshes }: { operation?: Operation<F>; refreshes: ReadonlyArray<string> }) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [operation?.operationId],
    // Hooks run unconditionally: a description without this operation never shows its button.
    mutationFn: (args: ArgsOf<F>) => (operation ? call(operation, args) : Promise.reject(new Error('No such operation'))),
    onSuccess: () => refreshOperations(client, refreshes),
  });
}

/** The operationIds a change to this resource makes stale. */
export const readsOf = (description: { list: { operationId: string }; get?: { operationId: string }; alsoRefreshes?: ReadonlyArray<string> }): string[] =>
  [description.list.operationId, ...(description.get ? [description.get.operationId] : []), ...(description.alsoRefreshes ?? [])];

// Short-hands over the generated query keys, so pages refresh what a change touched.
import { queryClient } from '../../../api';

/** Invalidates every cached query of these operations (their keys carry `_id`). */
export function refresh(...operationIds: string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const head = query.queryKey[0];
      return typeof head === 'object' && head !== null && '_id' in head && operationIds.includes(String(head._id));
    },
  });
}

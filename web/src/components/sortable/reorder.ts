// What a reorder changed: the items whose position no longer matches their stored order.

/** Each item's new order (its index) where it differs from the one it had, in list order. */
export function changedOrders<T>({ items, orderOf }: { items: ReadonlyArray<T>; orderOf: (item: T) => number | undefined }): Array<{ item: T; order: number }> {
  return items.flatMap((item, order) => (orderOf(item) === order ? [] : [{ item, order }]));
}

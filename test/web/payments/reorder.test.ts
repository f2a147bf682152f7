import { changedOrders } from '../../../web/src/components/sortable/reorder';

describe('what a drag changed', () => {
  const plan = (name: string, order: number) => ({ name, order });

  it('gives each moved item its new position, and leaves the others alone', () => {
    const next = [plan('Pro', 2), plan('Free', 0), plan('Basic', 1), plan('Business', 3)];
    expect(changedOrders({ items: next, orderOf: (p) => p.order })).toEqual([
      { item: next[0], order: 0 },
      { item: next[1], order: 1 },
      { item: next[2], order: 2 },
    ]);
  });

  it('renumbers orders that had gaps', () => {
    const next = [plan('Free', 10), plan('Basic', 20)];
    expect(changedOrders({ items: next, orderOf: (p) => p.order }).map(({ order }) => order)).toEqual([0, 1]);
  });

  it('changes nothing when the order stayed', () => {
    expect(changedOrders({ items: [plan('Free', 0), plan('Basic', 1)], orderOf: (p) => p.order })).toEqual([]);
  });
});

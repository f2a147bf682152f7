/** @jest-environment ./test/web/jsdom-environment.ts */
// ResourceList with the options of lists that answer every record at once: paged in the
// browser, delete arguments from the row, a whole-list save behind the popups and the delete,
// rows dragged into order, and the popup's starting values and derived fields.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { ResourceList } from '../../web/src/components/resource/ResourceList';
import { defineResource } from '../../forms/resource/description';
import type { Feature, FeatureInput } from '../../generated/client/types.gen';
import { CouponSchema } from '../../generated/schemas/Coupon';
import { FeatureSchema } from '../../generated/schemas/Feature';
import { FeatureInputSchema } from '../../generated/schemas/FeatureInput';

type Coupon = { couponId: string; couponName: string; platform: string };
const coupons: Coupon[] = Array.from({ length: 12 }, (_, i) => ({ couponId: `c${i}`, couponName: `Coupon ${String(i).padStart(2, '0')}`, platform: i % 2 ? 'paddle' : 'stripe' }));
const meta = { created: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z' } as Feature['meta'];
const features: Feature[] = [
  { id: 'f1', name: 'seats', displayName: 'Seats', description: '', type: 'number', value: 3, meta },
  { id: 'f2', name: 'support', displayName: 'Support', description: '', type: 'boolean', value: true, meta },
];
const envelope = <T,>(data: T) => ({ data: { success: true, message: 'Saved', data } });
const key = (id: string) => ({ path }: { path: { appId: string } }) => [{ _id: id, path }];

function renderList(node: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('a list answering a plain array', () => {
  function setup() {
    const list = jest.fn(async (_args: { path: { appId: string } }) => envelope(coupons));
    const remove = jest.fn(async (_args: { path: { appId: string; couponId: string }; query: { platform: string } }) => ({ data: { success: true, message: 'Coupon deleted', data: null } }));
    const description = defineResource({
      schema: CouponSchema,
      idField: 'couponId',
      idParam: 'couponId',
      list: { operationId: 'listCouponsForTest', call: list, queryKey: key('listCouponsForTest'), clientSide: true },
      delete: { operationId: 'deleteCouponForTest', call: remove, query: (coupon) => ({ platform: coupon.platform }) },
      columns: ['couponName', 'platform'],
      rowName: (coupon) => coupon.couponName,
      pageSize: 5,
      texts: { title: 'Coupons', subtitle: { one: '{n} Coupon', other: '{n} Coupons' }, deleteTitle: 'Delete coupon', deleteText: 'Delete {couponName}? Buyers can no longer use it.' },
    });
    const user = renderList(<ResourceList description={description} path={{ appId: 'a1' }} />);
    return { list, remove, user };
  }

  it('asks for the list without paging and pages it in the browser', async () => {
    const { list, user } = setup();
    expect(await screen.findByText('12 Coupons')).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ path: { appId: 'a1' } });
    expect(await screen.findByText('Coupon 04')).toBeTruthy();
    expect(screen.queryByText('Coupon 05')).toBeNull();
    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByText('Coupon 05')).toBeTruthy();
  });

  it('deletes with the query the row gives, after a question naming it', async () => {
    const { remove, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Coupon 01' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete coupon' });
    expect(within(dialog).getByText('Delete Coupon 01? Buyers can no longer use it.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ path: { appId: 'a1', couponId: 'c1' }, query: { platform: 'paddle' } }));
  });
});

describe('a list saved whole and ordered by dragging', () => {
  function setup() {
    let stored = features;
    const list = jest.fn(async (_args: { path: { appId: string } }) => envelope(stored));
    const save = jest.fn(async ({ body }: { path: { appId: string }; body: FeatureInput[] }) => {
      stored = body.map((input, i) => ({ ...features[0], ...input, id: input.id ?? `new${i}` }));
      return envelope(stored);
    });
    const description = defineResource({
      schema: FeatureSchema,
      list: { operationId: 'listFeaturesForTest', call: list, queryKey: key('listFeaturesForTest'), clientSide: true },
      saveAll: { operationId: 'saveFeaturesForTest', call: save, body: FeatureInputSchema, toInput: ({ id, name, displayName, description, type, value }: Feature): FeatureInput => ({ id, name, displayName, description, type, value }) },
      reorder: { by: 'list' },
      columns: ['displayName', 'name', 'type'],
      rowName: (feature) => feature.displayName,
      form: {
        initial: () => ({ displayName: '', name: '', description: '', type: 'boolean' as const, value: false }),
        derive: (next: Partial<FeatureInput>) => ({ ...next, name: (next.displayName ?? '').toLowerCase() }),
      },
      texts: { title: 'Features', createButton: '+ Add feature', createTitle: 'Add feature', deleteTitle: 'Delete feature', deleted: '{displayName} deleted' },
    });
    const user = renderList(<ResourceList description={description} path={{ appId: 'a1' }} lead="Drag a feature by its handle to reorder." />);
    return { save, user };
  }

  it('shows every row with a grip named after it', async () => {
    setup();
    expect(await screen.findByRole('button', { name: 'Move Seats' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move Support' })).toBeTruthy();
    expect(screen.getByText('Drag a feature by its handle to reorder.')).toBeTruthy();
  });

  it('adds a record by saving the whole list with it at the end, the derived field filled', async () => {
    const { save, user } = setup();
    await screen.findByRole('button', { name: 'Move Seats' });
    await user.click(screen.getByRole('button', { name: '+ Add feature' }));
    const dialog = screen.getByRole('dialog', { name: 'Add feature' });
    await user.type(within(dialog).getByLabelText(/^Display name/), 'Storage');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    const body = save.mock.calls[0][0].body;
    expect(body.map((f) => f.name)).toEqual(['seats', 'support', 'storage']);
    expect(body[2]).toMatchObject({ displayName: 'Storage', type: 'boolean', value: false });
  });

  it('deletes by saving the list without the row, and names it in the toast', async () => {
    const { save, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Seats' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete feature' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ path: { appId: 'a1' }, body: [expect.objectContaining({ id: 'f2' })] }));
    expect(await screen.findByText('Seats deleted')).toBeTruthy();
  });

  it('saves the order made with the keyboard as the whole list', async () => {
    const { save, user } = setup();
    const grip = await screen.findByRole('button', { name: 'Move Support' });
    grip.focus();
    for (const key of ['[Space]', '[ArrowUp]', '[Space]']) await user.keyboard(key);
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0][0].body.map((f) => f.id)).toEqual(['f2', 'f1']);
  });
});

describe('rows ordered by a field', () => {
  it('updates each moved row with its new position', async () => {
    const ordered = features.map((feature, order) => ({ ...feature, order }));
    const list = jest.fn(async (_args: { path: { appId: string } }) => envelope(ordered));
    const update = jest.fn(async (_args: { path: { appId: string; id: string }; body: { order: number } }) => envelope(null));
    const description = defineResource({
      schema: FeatureSchema,
      list: { operationId: 'listOrderedForTest', call: list, queryKey: key('listOrderedForTest'), clientSide: true },
      update: { operationId: 'updateOrderedForTest', call: update, body: FeatureInputSchema },
      reorder: { by: 'field', field: 'order' },
      columns: ['displayName'],
      rowName: (feature) => feature.displayName,
      texts: { title: 'Ordered' },
    });
    const user = renderList(<ResourceList description={description} path={{ appId: 'a1' }} />);
    (await screen.findByRole('button', { name: 'Move Support' })).focus();
    for (const key of ['[Space]', '[ArrowUp]', '[Space]']) await user.keyboard(key);
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls.map(([args]) => args)).toEqual([
      { path: { appId: 'a1', id: 'f2' }, body: { order: 0 } },
      { path: { appId: 'a1', id: 'f1' }, body: { order: 1 } },
    ]);
  });
});

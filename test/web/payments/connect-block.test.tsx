/** @jest-environment ./test/web/jsdom-environment.ts */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plan, PlanConnection } from '../../../generated/client/types.gen';
import { connectPlan, disconnectPlan } from '../../../generated/client/sdk.gen';
import { toast } from 'sonner';
import { ConnectBlock } from '../../../web/src/pages/developer/payments/plans/ConnectBlock';

jest.mock('../../../generated/client/sdk.gen', () => ({ connectPlan: jest.fn(), disconnectPlan: jest.fn() }));
jest.mock('sonner', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const connect = connectPlan as jest.Mock;
const disconnect = disconnectPlan as jest.Mock;
const PROBLEM = 'There was a problem connecting to this provider, did you set up the integration to paddle correctly?';

const PLAN = {
  planId: 'p1', name: 'Pro', currency: 'usd',
  pricingVariants: [
    { id: 'monthly', name: 'Monthly', priceCount: 9.99, pricePeriod: 'month', pricePeriodCount: 1 },
    { id: 'yearly', name: 'Yearly', priceCount: 99, pricePeriod: 'year', pricePeriodCount: 1 },
  ],
} as Plan;

function renderBlock({ providers = ['paddle'], dirty = false, connections = [], plan = PLAN }: { providers?: string[]; dirty?: boolean; connections?: PlanConnection[]; plan?: Plan } = {}) {
  render(<ConnectBlock appId="a1" plan={plan} connections={connections} providers={providers} dirty={dirty} />);
  return userEvent.setup();
}

beforeEach(() => jest.clearAllMocks());

describe('connect block', () => {
  it.each([
    ['without a payment integration', { providers: [] }, 'You need to add a payment integration before you connect a provider.'],
    ['without a price', { plan: { ...PLAN, pricingVariants: [] } }, 'You need to add at least one price to your plan.'],
    ['with unsaved changes', { dirty: true }, 'You made changes to the plan. Please save the plan before connecting a provider.'],
  ])('is blocked %s, in the spec words', (_when, state, message) => {
    renderBlock(state);
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
  });

  it('asks paddle for a plan id per price before calling the server', async () => {
    const user = renderBlock();
    await user.type(screen.getByLabelText('Paddle plan ID for Monthly'), 'pri_1');
    await user.click(screen.getByRole('button', { name: 'Connect Paddle' }));
    expect(screen.getByRole('alert').textContent).toBe('Please add a plan ID for each pricing plan you defined.');
    expect(connect).not.toHaveBeenCalled();
  });

  it('connects paddle with a plan id for every price and says so', async () => {
    connect.mockResolvedValue({ data: { success: true, data: [], message: 'Provider connected successfully' } });
    const user = renderBlock();
    await user.type(screen.getByLabelText('Paddle plan ID for Monthly'), ' pri_1 ');
    await user.type(screen.getByLabelText('Paddle plan ID for Yearly'), 'pri_2');
    await user.click(screen.getByRole('button', { name: 'Connect Paddle' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Provider connected successfully'));
    expect(connect).toHaveBeenCalledWith({ path: { appId: 'a1', planId: 'p1' }, body: { platform: 'paddle', pricingToPlanMap: { monthly: 'pri_1', yearly: 'pri_2' } } });
  });

  it('lets stripe create the plans it is not given', async () => {
    connect.mockResolvedValue({ data: { success: true, data: [], message: '' } });
    const user = renderBlock({ providers: ['stripe'] });
    await user.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() => expect(connect).toHaveBeenCalledWith(expect.objectContaining({ body: { platform: 'stripe', pricingToPlanMap: {} } })));
  });

  it('shows what the server answered when the provider refuses', async () => {
    connect.mockResolvedValue({ error: { success: false, data: null, message: PROBLEM }, response: { status: 502 } });
    const user = renderBlock();
    await user.type(screen.getByLabelText('Paddle plan ID for Monthly'), 'pri_1');
    await user.type(screen.getByLabelText('Paddle plan ID for Yearly'), 'pri_2');
    await user.click(screen.getByRole('button', { name: 'Connect Paddle' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PROBLEM));
  });

  it('shows a connected provider plan ids and disconnects it once confirmed', async () => {
    disconnect.mockResolvedValue({ data: { success: true, data: [], message: 'Provider disconnected successfully' } });
    const connections = PLAN.pricingVariants.map((v, i) => ({ platform: 'paddle', planId: 'p1', planPricingVariantId: v.id, platformPlanId: `pri_${i + 1}` }));
    const user = renderBlock({ connections });
    expect(screen.getByText('pri_2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Disconnect Paddle' }));
    expect(disconnect).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Disconnect Paddle' });
    expect(dialog.textContent).toContain('Disconnect Pro from Paddle?');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Provider disconnected successfully'));
    expect(disconnect).toHaveBeenCalledWith({ path: { appId: 'a1', planId: 'p1' }, body: { platform: 'paddle' } });
  });
});

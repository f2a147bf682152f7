/** @jest-environment ./test/web/jsdom-environment.ts */
// PayPal is offered at checkout only when GET /api/paypal/getToken answers (404 'PayPal is not
// available.' without PayPal keys); its approve page opens in a popup from the click.
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getPayPalToken } from '../../../generated/client/sdk.gen';
import { PAYPAL_TEXTS, usePayPal } from '../../../web/src/pages/billing/checkout/use-paypal';

jest.mock('../../../generated/client/sdk.gen', () => ({
  ...jest.requireActual('../../../generated/client/sdk.gen'),
  getPayPalToken: jest.fn(),
}));

const APPROVAL = { token: '5CSETUP', approveUrl: 'https://www.paypal.example/agreements/approve?approval_session_id=5CSETUP' };

const answering = (answer: 'approval' | 'not available') =>
  jest.mocked(getPayPalToken).mockImplementation((async () => {
    if (answer === 'not available') throw { success: false, data: null, message: 'PayPal is not available.' };
    return { data: { success: true, data: APPROVAL, message: '' } };
  }) as unknown as typeof getPayPalToken);

const renderPayPal = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => usePayPal(), { wrapper });
};

describe('PayPal at checkout', () => {
  it('is not offered when the server has no PayPal', async () => {
    answering('not available');
    const { result } = renderPayPal();
    await waitFor(() => expect(getPayPalToken).toHaveBeenCalled());
    await new Promise((settle) => setTimeout(settle, 0));
    expect(result.current.available).toBe(false);
  });

  it("is offered with a setup token, and opens PayPal's approve page in a popup", async () => {
    answering('approval');
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const { result } = renderPayPal();
    await waitFor(() => expect(result.current.available).toBe(true));
    await expect(result.current.approve()).rejects.toThrow(PAYPAL_TEXTS.popupBlocked);
    expect(open).toHaveBeenCalledWith(APPROVAL.approveUrl, 'nindo-paypal', expect.stringContaining('popup'));
  });
});

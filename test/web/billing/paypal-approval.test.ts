/** @jest-environment ./test/web/jsdom-environment.ts */
// PayPal at checkout: the popup is watched until PayPal sends the buyer back to our origin
// (approved with approval_token_id: the setup token is the purchase's subscriptionId) or the buyer
// closes it (not approved); while it is at PayPal its location cannot be read.
import { PAYPAL_TEXTS, popupPlace, waitForApproval } from '../../../web/src/pages/billing/checkout/use-paypal';

type Where = 'paypal' | 'blank' | 'closed' | string;

/** A popup as the opener sees it: another origin's location throws on reading. */
function fakePopup() {
  let where: Where = 'blank';
  const popup = {
    get closed() {
      return where === 'closed';
    },
    get location() {
      if (where === 'paypal') throw new DOMException('Blocked a frame with origin', 'SecurityError');
      return { href: where === 'blank' ? 'about:blank' : `${window.location.origin}${where}` };
    },
    close: jest.fn(() => {
      where = 'closed';
    }),
  };
  return { popup: popup as unknown as Window, close: popup.close, goTo: (next: Where) => (where = next) };
}

describe('PayPal approval popup', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it.each([
    ['about:blank before PayPal loads', 'blank', 'away'],
    ["PayPal's page (unreadable)", 'paypal', 'away'],
    ['closed by the buyer', 'closed', 'closed'],
  ])('reads a popup at %s as %s', (_, where, expected) => {
    const { popup, goTo } = fakePopup();
    goTo(where);
    expect(popupPlace(popup)).toBe(expected);
  });

  it('answers the setup token once PayPal returns to our page approved, and closes the popup', async () => {
    const { popup, close, goTo } = fakePopup();
    const approval = waitForApproval({ popup, token: '5CSETUP' });
    goTo('paypal');
    jest.advanceTimersByTime(2000);
    expect(close).not.toHaveBeenCalled();
    goTo('/auth/paypal-return?approval_token_id=5CSETUP&approval_session_id=5CSETUP');
    jest.advanceTimersByTime(500);
    await expect(approval).resolves.toBe('5CSETUP');
    expect(close).toHaveBeenCalled();
  });

  it.each([
    ['the buyer closes PayPal', 'closed'],
    ['PayPal returns without an approval', '/auth/paypal-return'],
  ])('refuses when %s', async (_, where) => {
    const { popup, goTo } = fakePopup();
    const approval = waitForApproval({ popup, token: '5CSETUP' });
    goTo('paypal');
    jest.advanceTimersByTime(500);
    goTo(where);
    jest.advanceTimersByTime(500);
    await expect(approval).rejects.toThrow(PAYPAL_TEXTS.notApproved);
  });
});

// The hosted card fields' error codes (spec 002 section 8), the checks behind them and the sandbox
// provider's test cards. Shared by the server (which vaults a card) and the screens (which show the
// texts and list the test cards).
import cardValidator from 'card-validator';

export type CardErrorCode = '001' | '002' | '003' | '22013' | '400' | '403' | '404' | '500';

/** Section 8's texts by code; any other code shows the provider's own text. */
export const CARD_ERROR_MESSAGES: Record<CardErrorCode, string> = {
  '001': 'Please enter a valid card number',
  '002': 'Please enter the CVV/CVC of your card',
  '003': "Please enter your card's expiration date",
  '22013': 'Card type is not supported by merchant',
  '400': 'Session expired please refresh page to continue',
  '403': 'Internal server error please try again later',
  '404': 'Internal server error please try again later',
  '500': 'Internal server error please try again later',
};

export const cardErrorMessage = ({ code, fallback }: { code: string; fallback?: string }): string =>
  Object.hasOwn(CARD_ERROR_MESSAGES, code) ? CARD_ERROR_MESSAGES[code as CardErrorCode] : (fallback ?? CARD_ERROR_MESSAGES['500']);

/** Section 9: the accepted cards, as card-validator names their brands. */
export const ACCEPTED_CARD_BRANDS = ['american-express', 'diners-club', 'discover', 'jcb', 'maestro', 'mastercard', 'visa'] as const;
export type CardBrand = (typeof ACCEPTED_CARD_BRANDS)[number];

/** What the sandbox does with a test card (docs/billing.md lists them; the sandbox card form shows them). */
export type SandboxCardBehaviour = 'succeed' | 'decline' | 'expired' | 'three_d_secure' | 'decline_renewals';

export const SANDBOX_TEST_CARDS: readonly { number: string; behaviour: SandboxCardBehaviour; label: string }[] = [
  { number: '4242 4242 4242 4242', behaviour: 'succeed', label: 'Succeeds' },
  { number: '4000 0000 0000 0002', behaviour: 'decline', label: 'Declined' },
  { number: '4000 0000 0000 0069', behaviour: 'expired', label: 'Expired card' },
  { number: '4000 0000 0000 3220', behaviour: 'three_d_secure', label: 'Needs 3-D Secure on the first payment' },
  { number: '4000 0000 0000 0341', behaviour: 'decline_renewals', label: 'First payment succeeds, renewals are declined' },
];

const digitsOf = (value: string): string => value.replace(/[\s-]/g, '');

/** The sandbox behaviour of a card number: any other valid card of an accepted brand succeeds. */
export function sandboxBehaviourOf(cardNumber: string): SandboxCardBehaviour {
  const digits = digitsOf(cardNumber);
  return SANDBOX_TEST_CARDS.find((card) => digitsOf(card.number) === digits)?.behaviour ?? 'succeed';
}

export interface CardFields {
  cardNumber: string;
  /** MM/YY or MM/YYYY. */
  expiry: string;
  cvv: string;
}

export interface CheckedCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type CardCheck = { ok: true; card: CheckedCard } | { ok: false; code: CardErrorCode };

const isAccepted = (type: string): type is CardBrand => (ACCEPTED_CARD_BRANDS as readonly string[]).includes(type);

/**
 * The hosted fields' checks in section 8's order: number (Luhn and length), brand, expiry, CVV
 * (its length by brand). `now` decides whether the expiry has passed.
 */
export function checkCard({ fields, now }: { fields: CardFields; now: Date }): CardCheck {
  const digits = digitsOf(fields.cardNumber);
  const number = cardValidator.number(digits);
  if (!/^\d+$/.test(digits) || !number.isValid || !number.card) return { ok: false, code: '001' };
  if (!isAccepted(number.card.type)) return { ok: false, code: '22013' };
  const expiry = cardValidator.expirationDate(fields.expiry.trim(), 20);
  if (!expiry.isValid || !expiry.month || !expiry.year) return { ok: false, code: '003' };
  const expMonth = Number(expiry.month);
  const expYear = expiry.year.length === 2 ? 2000 + Number(expiry.year) : Number(expiry.year);
  // card-validator reads "now" from the clock; the injected clock must agree (tests move time).
  const monthsLeft = (expYear - now.getUTCFullYear()) * 12 + (expMonth - (now.getUTCMonth() + 1));
  if (monthsLeft < 0) return { ok: false, code: '003' };
  if (!cardValidator.cvv(fields.cvv.trim(), number.card.code.size).isValid) return { ok: false, code: '002' };
  return { ok: true, card: { brand: number.card.type, last4: digits.slice(-4), expMonth, expYear } };
}

// The hosted card fields' server side: a token for the fields (GET /api/bluesnap/getToken) and the
// vault call they make (POST /api/bluesnap/hostedFields/{token}). Refusals carry section 8's codes.
import type { AppContext } from '../../../context';
import { CARD_ERROR_MESSAGES, checkCard } from '../../../../rules/billing-card-errors';
import type { CardErrorCode, CardFields, CheckedCard } from '../../../../rules/billing-card-errors';
import { CARD_TOKEN_TTL_MS, markCardVaulted, openCardToken } from './card-tokens';
import { BillingProviderError } from './port';
import type { CardAdapterName } from './port';
import type { PayPalApproval } from './paypal/paypal';
import { cardAdapterName, cardProviderFor, paypalProviderFor } from './registry';

/** The hosted fields' refusal: a section 8 code and the text the fields show. */
export class CardFieldError extends Error {
  constructor(
    readonly code: CardErrorCode,
    message: string = CARD_ERROR_MESSAGES[code],
  ) {
    super(message);
    this.name = 'CardFieldError';
  }
}

export const cardFieldsUrl = (token: string): string => `/hosted/card-fields?token=${encodeURIComponent(token)}`;

export interface IssuedCardToken {
  token: string;
  adapter: CardAdapterName;
  expiresAt: string;
  fieldsUrl: string;
}

export async function issueHostedFieldsToken({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<IssuedCardToken> {
  const issuedAt = ctx.now();
  try {
    const token = await cardProviderFor({ ctx }).issueCardToken({ userId });
    return { token, adapter: cardAdapterName(ctx), expiresAt: new Date(issuedAt.getTime() + CARD_TOKEN_TTL_MS).toISOString(), fieldsUrl: cardFieldsUrl(token) };
  } catch (err) {
    if (err instanceof BillingProviderError) throw new CardFieldError('500');
    throw err;
  }
}

export const PAYPAL_UNAVAILABLE = 'PayPal is not available.';

/** A setup token for PayPal's button (GET /api/paypal/getToken); null when PayPal is not configured. */
export async function issuePayPalToken({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<PayPalApproval | null> {
  if (!ctx.config.billing.paypal) return null;
  try {
    return await paypalProviderFor({ ctx }).startApproval({ userId });
  } catch (err) {
    if (err instanceof BillingProviderError) throw new CardFieldError('500');
    throw err;
  }
}

export async function vaultHostedCard({ ctx, token, fields }: { ctx: AppContext; token: string; fields: CardFields }): Promise<Pick<CheckedCard, 'brand' | 'last4'>> {
  const doc = await openCardToken({ ctx, token });
  if (!doc) throw new CardFieldError('400');
  const checked = checkCard({ fields, now: ctx.now() });
  if (!checked.ok) throw new CardFieldError(checked.code);
  const { brand, last4 } = checked.card;
  let paymentMethodRef: string;
  try {
    ({ paymentMethodRef } = await cardProviderFor({ ctx, adapter: doc.adapter }).vaultCard({ fields, card: checked.card }));
  } catch (err) {
    // The provider's own words (a card it refuses) are section 8's "otherwise" case.
    if (err instanceof BillingProviderError) throw new CardFieldError('500', err.permanent ? err.message : CARD_ERROR_MESSAGES['500']);
    throw err;
  }
  // Two submits racing: the second finds the token filled, as if it had expired.
  if (!(await markCardVaulted({ ctx, token, paymentMethodRef, brand, last4 }))) throw new CardFieldError('400');
  return { brand, last4 };
}

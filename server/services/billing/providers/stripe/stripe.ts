// The Stripe card adapter, through the official SDK. The card token is ours (card-tokens.ts); the
// hosted fields' card becomes a Stripe PaymentMethod, which the first charge attaches to a new
// Customer and saves for off-session use; every charge is a PaymentIntent confirmed at once, with
// our idempotency key, so a retried call is the same PaymentIntent. docs/billing.md has the mapping.
import type Stripe from 'stripe';
import type { AppContext } from '../../../../context';
import { minorUnits } from '../../../payments/providers/money';
import { stripeClient, stripeSdk } from '../../../payments/providers/stripe-client';
import { issueCardTokenFor, spendCardToken } from '../card-tokens';
import { BillingProviderError } from '../port';
import type { CardBillingProvider, ChargeOutcome } from '../port';
import { declineOfCardError, outcomeOfIntent, providerEventOf } from './outcomes';

const NAME = 'stripe';
const CURRENCY = 'usd';


/** Card declines become a declined outcome; other refusals a provider error (400/404: permanent). */
async function charged(run: () => Promise<Stripe.PaymentIntent>): Promise<ChargeOutcome> {
  try {
    return outcomeOfIntent(await run());
  } catch (err) {
    const { errors } = await stripeSdk();
    if (err instanceof errors.StripeCardError) return declineOfCardError(err);
    throw await providerError(err);
  }
}

async function providerError(err: unknown): Promise<unknown> {
  const { errors } = await stripeSdk();
  if (!(err instanceof errors.StripeError)) return err;
  return new BillingProviderError(NAME, err.message, err.statusCode === 400 || err.statusCode === 404);
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw await providerError(err);
  }
}

export function stripeBillingProvider({
  ctx,
  apiBase,
  secretKey,
  webhookSecret,
}: {
  ctx: AppContext;
  apiBase: string;
  secretKey: string;
  webhookSecret?: string;
}): CardBillingProvider {
  const open = () => stripeClient({ secretKey, apiBase });
  const cents = (amount: number): number => minorUnits({ amount, currency: CURRENCY });
  return {
    name: NAME,
    issueCardToken: ({ userId }) => issueCardTokenFor({ ctx, adapter: NAME, userId }),
    vaultCard: ({ fields, card }) =>
      guarded(async () => {
        const method = await (await open()).paymentMethods.create({
          type: 'card',
          card: { number: fields.cardNumber.replace(/[\s-]/g, ''), exp_month: card.expMonth, exp_year: card.expYear, cvc: fields.cvv.trim() },
        });
        return { paymentMethodRef: method.id };
      }),
    startSubscription: async ({ customer, token, amount, description, idempotencyKey }) => {
      const paymentMethodRef = await spendCardToken({ ctx, adapter: NAME, userId: customer.userId, token, idempotencyKey });
      const stripe = await open();
      const created = await guarded(() =>
        stripe.customers.create({ email: customer.email, name: customer.name, metadata: { userId: customer.userId } }, { idempotencyKey: `${idempotencyKey}:customer` }),
      );
      await guarded(() => stripe.paymentMethods.attach(paymentMethodRef, { customer: created.id }, { idempotencyKey: `${idempotencyKey}:attach` }));
      const charge =
        amount > 0
          ? await charged(() =>
              stripe.paymentIntents.create(
                {
                  amount: cents(amount),
                  currency: CURRENCY,
                  customer: created.id,
                  payment_method: paymentMethodRef,
                  description,
                  confirm: true,
                  // Saved for the renewals our job charges off-session.
                  setup_future_usage: 'off_session',
                  return_url: `${ctx.config.publicUrl}/hosted/3ds/return`,
                },
                { idempotencyKey: `${idempotencyKey}:charge` },
              ),
            )
          : null;
      return { customerRef: created.id, paymentMethodRef, charge };
    },
    charge: async ({ customerRef, paymentMethodRef, amount, description, idempotencyKey }) => {
      const stripe = await open();
      return charged(() =>
        stripe.paymentIntents.create(
          { amount: cents(amount), currency: CURRENCY, customer: customerRef, payment_method: paymentMethodRef, description, confirm: true, off_session: true },
          { idempotencyKey },
        ),
      );
    },
    confirmCharge: async ({ transactionId }) => {
      const stripe = await open();
      return charged(() => stripe.paymentIntents.retrieve(transactionId));
    },
    cancel: ({ paymentMethodRef }) =>
      guarded(async () => {
        await (await open()).paymentMethods.detach(paymentMethodRef);
      }),
    verifyWebhook: async ({ rawBody, headers }) => {
      const signature = headers['stripe-signature'];
      if (!webhookSecret || !signature) return null;
      const stripe = await open();
      try {
        // Checked against our clock, which tests move, with Stripe's default 5-minute tolerance.
        const event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, undefined, undefined, Math.floor(ctx.now().getTime() / 1000));
        return providerEventOf(event);
      } catch {
        return null;
      }
    },
  };
}

// The built-in card provider (the default, no keys): cards filled into our hosted card fields are
// kept in its vault and charged by their test number's behaviour (rules/billing-card-errors.ts:
// SANDBOX_TEST_CARDS). A charge that needs 3-D Secure waits for the buyer's answer on
// /hosted/3ds/{transactionId}.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../../context';
import { DuplicateKeyError } from '../../../../storage/port';
import { sandboxBehaviourOf } from '../../../../../rules/billing-card-errors';
import type { SandboxCardBehaviour } from '../../../../../rules/billing-card-errors';
import { issueCardTokenFor, spendCardToken } from '../card-tokens';
import { BillingProviderError } from '../port';
import type { CardBillingProvider, ChargeOutcome } from '../port';
import { sandboxCharges, sandboxMethods } from './model';
import type { SandboxChargeDoc, SandboxMethodDoc } from './model';

const NAME = 'sandbox';

type Decline = Extract<ChargeOutcome, { status: 'declined' }>;
const DECLINED: Decline = { status: 'declined', code: 'card_declined', message: 'Your card was declined.', permanent: false };
const EXPIRED: Decline = { status: 'declined', code: 'expired_card', message: 'Your card has expired.', permanent: true };
const FORGOTTEN: Decline = { status: 'declined', code: 'payment_method_detached', message: 'The card was removed from the subscription.', permanent: true };
const AUTHENTICATION_FAILED: Decline = { status: 'declined', code: 'authentication_failed', message: '3-D Secure authentication failed.', permanent: true };

export const threeDSecureUrl = (transactionId: string): string => `/hosted/3ds/${encodeURIComponent(transactionId)}`;

/** A charge's id follows from its idempotency key, so a repeated key meets the first charge's record. */
const transactionIdOf = (idempotencyKey: string): string => `sbtx_${createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 24)}`;

/** The first charge is taken with the buyer present (3-D Secure can be asked); renewals are not. */
function decide({ behaviour, firstCharge }: { behaviour: SandboxCardBehaviour; firstCharge: boolean }): Pick<SandboxChargeDoc, 'status' | 'declineCode'> {
  if (behaviour === 'decline' || (behaviour === 'decline_renewals' && !firstCharge)) return { status: 'declined', declineCode: DECLINED.code };
  if (behaviour === 'expired') return { status: 'declined', declineCode: EXPIRED.code };
  if (behaviour === 'three_d_secure' && firstCharge) return { status: 'requires_action' };
  return { status: 'paid' };
}

const DECLINES = new Map([DECLINED, EXPIRED, FORGOTTEN, AUTHENTICATION_FAILED].map((decline) => [decline.code, decline]));

function outcomeOf(charge: SandboxChargeDoc): ChargeOutcome {
  if (charge.status === 'paid') return { status: 'paid', transactionId: charge._id };
  if (charge.status === 'requires_action') return { status: 'requires_action', transactionId: charge._id, actionUrl: threeDSecureUrl(charge._id) };
  return DECLINES.get(charge.declineCode ?? '') ?? DECLINED;
}

async function chargeMethod({
  ctx,
  paymentMethodRef,
  amount,
  description,
  idempotencyKey,
  firstCharge,
}: {
  ctx: AppContext;
  paymentMethodRef: string;
  amount: number;
  description: string;
  idempotencyKey: string;
  firstCharge: boolean;
}): Promise<ChargeOutcome> {
  const _id = transactionIdOf(idempotencyKey);
  const earlier = await sandboxCharges(ctx).findOne({ _id });
  if (earlier) return outcomeOf(earlier);
  const method = await sandboxMethods(ctx).findOne({ _id: paymentMethodRef });
  if (!method) throw new BillingProviderError(NAME, `No such payment method: ${paymentMethodRef}`, true);
  const decided = method.detached ? { status: 'declined' as const, declineCode: FORGOTTEN.code } : decide({ behaviour: method.behaviour, firstCharge });
  const charge: SandboxChargeDoc = {
    _id,
    idempotencyKey,
    paymentMethodRef,
    amount,
    description,
    status: decided.status,
    ...(decided.declineCode ? { declineCode: decided.declineCode } : {}),
    ...(decided.status === 'requires_action' ? { threeDSecure: 'pending' as const } : {}),
    created: ctx.now().toISOString(),
  };
  try {
    await sandboxCharges(ctx).insertOne(charge);
    return outcomeOf(charge);
  } catch (err) {
    // A concurrent call with the same key inserted first: answer its charge, never a second one.
    if (!(err instanceof DuplicateKeyError)) throw err;
    const winner = await sandboxCharges(ctx).findOne({ _id });
    if (!winner) throw err;
    return outcomeOf(winner);
  }
}

/** The buyer's answer on the 3-D Secure page; false when no such step is waiting. */
export async function answerThreeDSecure({ ctx, transactionId, authenticated }: { ctx: AppContext; transactionId: string; authenticated: boolean }): Promise<boolean> {
  const { modified } = await sandboxCharges(ctx).updateOne(
    { _id: transactionId, status: 'requires_action', threeDSecure: 'pending' },
    { $set: { threeDSecure: authenticated ? 'authenticated' : 'failed' } },
  );
  return modified === 1;
}

/** A 3-D Secure step still waiting for the buyer (the page shows only those). */
export async function pendingThreeDSecure({ ctx, transactionId }: { ctx: AppContext; transactionId: string }): Promise<SandboxChargeDoc | null> {
  return sandboxCharges(ctx).findOne({ _id: transactionId, status: 'requires_action', threeDSecure: 'pending' });
}

export function sandboxProvider({ ctx }: { ctx: AppContext }): CardBillingProvider {
  return {
    name: NAME,
    issueCardToken: ({ userId }) => issueCardTokenFor({ ctx, adapter: NAME, userId }),
    vaultCard: async ({ fields, card }) => {
      const method: SandboxMethodDoc = {
        _id: `sbpm_${randomBytes(12).toString('base64url')}`,
        behaviour: sandboxBehaviourOf(fields.cardNumber),
        ...card,
        detached: false,
        created: ctx.now().toISOString(),
      };
      await sandboxMethods(ctx).insertOne(method);
      return { paymentMethodRef: method._id };
    },
    startSubscription: async ({ customer, token, amount, description, idempotencyKey }) => {
      const paymentMethodRef = await spendCardToken({ ctx, adapter: NAME, userId: customer.userId, token, idempotencyKey });
      const customerRef = `sbcus_${customer.userId}`;
      await sandboxMethods(ctx).updateOne({ _id: paymentMethodRef }, { $set: { customerRef } });
      const charge = amount > 0 ? await chargeMethod({ ctx, paymentMethodRef, amount, description, idempotencyKey, firstCharge: true }) : null;
      return { customerRef, paymentMethodRef, charge };
    },
    charge: ({ paymentMethodRef, amount, description, idempotencyKey }) => chargeMethod({ ctx, paymentMethodRef, amount, description, idempotencyKey, firstCharge: false }),
    confirmCharge: async ({ transactionId }) => {
      const charge = await sandboxCharges(ctx).findOne({ _id: transactionId });
      if (!charge) throw new BillingProviderError(NAME, `No such transaction: ${transactionId}`, true);
      if (charge.status !== 'requires_action' || charge.threeDSecure === 'pending') return outcomeOf(charge);
      const settled = charge.threeDSecure === 'authenticated' ? { status: 'paid' as const } : { status: 'declined' as const, declineCode: AUTHENTICATION_FAILED.code };
      const updated = await sandboxCharges(ctx).findOneAndUpdate({ _id: transactionId, status: 'requires_action' }, { $set: settled }, { returnDocument: 'after' });
      return outcomeOf(updated ?? { ...charge, ...settled });
    },
    cancel: async ({ paymentMethodRef }) => {
      await sandboxMethods(ctx).updateOne({ _id: paymentMethodRef }, { $set: { detached: true } });
    },
    // The sandbox sends no webhooks: every notification claiming to be from it is refused.
    verifyWebhook: () => Promise.resolve(null),
  };
}

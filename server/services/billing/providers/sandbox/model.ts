// The sandbox card provider's own records: its vault of test cards and its charges. They live in
// our store so every instance (and a restarted one) sees the same provider.
import type { AppContext } from '../../../../context';
import type { Collection } from '../../../../storage/port';
import type { CardBrand, SandboxCardBehaviour } from '../../../../../rules/billing-card-errors';

export interface SandboxMethodDoc {
  _id: string;
  behaviour: SandboxCardBehaviour;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  customerRef?: string;
  /** Cancelled: the card is forgotten and every later charge fails. */
  detached: boolean;
  created: string;
  [key: string]: unknown;
}

export interface SandboxChargeDoc {
  _id: string;
  /** The idempotency key the charge was made with: a second charge with it answers this one. */
  idempotencyKey: string;
  paymentMethodRef: string;
  amount: number;
  description: string;
  status: 'paid' | 'declined' | 'requires_action';
  /** The 3-D Secure step of a requires_action charge: the buyer's answer on /hosted/3ds/{id}. */
  threeDSecure?: 'pending' | 'authenticated' | 'failed';
  declineCode?: string;
  created: string;
  [key: string]: unknown;
}

export const sandboxMethods = (ctx: AppContext): Collection<SandboxMethodDoc> => ctx.store.collection<SandboxMethodDoc>('billing_sandbox_methods');
export const sandboxCharges = (ctx: AppContext): Collection<SandboxChargeDoc> => ctx.store.collection<SandboxChargeDoc>('billing_sandbox_charges');

// The payment history as the API answers it: the raw records (GET /api/payment) and the billing
// page's rows (GET /nindo/api/getUserPayments), only ever the caller's own.
import type { BillingPayment, BillingPaymentPage, UserPaymentRow } from '../../../../generated/client/types.gen';
import type { AppContext } from '../../../context';
import { NotFoundError } from '../../../http/errors';
import { payments } from '../model';
import type { PaymentDoc } from '../model';

/** Spec 002 gives the table no page size; a user's history stays far below this. */
export const USER_PAYMENT_ROWS_MAX = 500;
export const INVOICE_NOT_FOUND = 'Invoice not found';

/** Paddle kept its own invoices: the product holds none for that legacy source. */
export const invoiceUrlOf = (payment: Pick<PaymentDoc, 'transactionId' | 'source'>): string | null =>
  payment.source === 'paddle' ? null : `/nindo/api/invoice/${encodeURIComponent(payment.transactionId)}`;

const toBillingPayment = (doc: PaymentDoc): BillingPayment => ({
  subscriptionId: doc.subscriptionId,
  transactionId: doc.transactionId,
  planName: doc.planName,
  period: doc.period ?? null,
  amount: doc.amount,
  status: doc.status ?? 'paid',
  source: doc.source ?? null,
  periodStart: doc.periodStart,
  periodEnd: doc.periodEnd,
  created: doc.created,
  invoiceUrl: invoiceUrlOf(doc),
});

const NEWEST_FIRST = { created: -1, _id: -1 } as const;

export async function listPayments({ ctx, userId, page, limit }: { ctx: AppContext; userId: string; page: number; limit: number }): Promise<BillingPaymentPage> {
  const filter = { userId };
  const [docs, total] = await Promise.all([
    payments(ctx).find(filter, { sort: NEWEST_FIRST, skip: (page - 1) * limit, limit }),
    payments(ctx).count(filter),
  ]);
  return { docs: docs.map(toBillingPayment), total, page, pages: Math.ceil(total / limit), limit };
}

export async function userPaymentRows({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<UserPaymentRow[]> {
  const docs = await payments(ctx).find({ userId }, { sort: NEWEST_FIRST, limit: USER_PAYMENT_ROWS_MAX });
  return docs.map((doc) => ({
    subscriptionId: doc.subscriptionId,
    transactionId: doc.transactionId,
    planName: doc.planName,
    amount: doc.amount,
    created: doc.created,
    invoiceUrl: invoiceUrlOf(doc),
  }));
}

/** The caller's payment with an invoice; anyone else's answers as a missing one. */
export async function findInvoicedPayment({ ctx, userId, transactionId }: { ctx: AppContext; userId: string; transactionId: string }): Promise<PaymentDoc> {
  const doc = await payments(ctx).findOne({ userId, transactionId });
  if (!doc || invoiceUrlOf(doc) === null) throw new NotFoundError(INVOICE_NOT_FOUND);
  return doc;
}

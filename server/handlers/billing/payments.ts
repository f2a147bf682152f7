// Payment history and invoices of the widget platform (openapi/billing-payments.yaml).
import type {
  DownloadBillingInvoiceData,
  GetUserPaymentsData,
  GetUserPaymentsResponse,
  ListBillingPaymentsData,
  ListBillingPaymentsResponse,
} from '../../../generated/client/types.gen';
import { handler, noRawReply, requireUserId } from '../../http/handler';
import { findUserById } from '../../services/accounts/users';
import { findInvoicedPayment, listPayments, userPaymentRows } from '../../services/billing/payments/history';
import { renderInvoice } from '../../services/billing/payments/invoice';

export const listBillingPayments = handler<ListBillingPaymentsData, ListBillingPaymentsResponse>(async ({ ctx, req, query }) => ({
  data: await listPayments({ ctx, userId: requireUserId(req), page: query?.page ?? 1, limit: query?.limit ?? 20 }),
}));

export const getUserPayments = handler<GetUserPaymentsData, GetUserPaymentsResponse>(async ({ ctx, req }) => ({
  data: await userPaymentRows({ ctx, userId: requireUserId(req) }),
}));

export const downloadBillingInvoice = handler<DownloadBillingInvoiceData>(async ({ ctx, req, res, path }) => {
  const userId = requireUserId(req);
  const payment = await findInvoicedPayment({ ctx, userId, transactionId: path.transactionId });
  const user = await findUserById({ ctx, id: userId });
  const pdf = await renderInvoice({ ctx, payment, email: user?.email ?? '' });
  const filename = `invoice-${payment.transactionId.replace(/[^\w.-]/g, '_')}.pdf`;
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' });
  res.send(pdf);
  return noRawReply;
});

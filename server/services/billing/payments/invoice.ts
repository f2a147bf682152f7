// A payment's invoice as a one-page PDF (pdfkit): company, customer, plan, period, amount in
// USD and the tax line. Made on request from the payment, so it always matches the history.
import type PDFKit from 'pdfkit';
import type { AppContext } from '../../../context';
import type { BillingDetails, PaymentDoc } from '../model';

/** pdfkit reads its font files at load; loaded at the first invoice, not at start-up. */
const pdfkit = async (): Promise<typeof PDFKit> => (await import('pdfkit')).default;

const usd = (amount: number): string => `${amount.toFixed(2)} USD`;
const day = (iso: string): string => iso.slice(0, 10);

function customerLines({ details, email }: { details?: BillingDetails; email: string }): string[] {
  if (!details) return [email];
  const place = [details.city, [details.state, details.zip].filter(Boolean).join(' '), details.country].filter(Boolean).join(', ');
  return [details.name, details.companyName, details.address, place, email].filter((line): line is string => Boolean(line));
}

/** The PDF's bytes; uncompressed: one page stays a few kB and its text stays readable to tests. */
export async function renderInvoice({ ctx, payment, email }: { ctx: AppContext; payment: PaymentDoc; email: string }): Promise<Buffer> {
  const PDFDocument = await pdfkit();
  const brand = ctx.config.brand;
  const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, info: { Title: `${brand} invoice ${payment.transactionId}`, Author: brand, CreationDate: new Date(payment.created) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));

  doc.font('Helvetica-Bold').fontSize(22).text(brand);
  doc.font('Helvetica').fontSize(10).fillColor('#555').text(`Invoice ${payment.transactionId}`).text(`Date ${day(payment.created)}`);
  if (payment.status === 'refunded') doc.fillColor('#b00').font('Helvetica-Bold').text(`REFUNDED ${day(payment.refundedAt ?? payment.created)}`);
  doc.moveDown(1.5).fillColor('#000').font('Helvetica-Bold').fontSize(11).text('Bill to');
  doc.font('Helvetica').fontSize(10);
  for (const line of customerLines({ details: payment.billingDetails, email })) doc.text(line);

  doc.moveDown(1.5).font('Helvetica-Bold').fontSize(11).text('Plan');
  doc.font('Helvetica').fontSize(10).text(`${payment.planName}${payment.period ? ` (billed every ${payment.period})` : ''}`);
  doc.text(`Period ${day(payment.periodStart)} to ${day(payment.periodEnd)}`);
  doc.text(`Subscription ${payment.subscriptionId}`);

  doc.moveDown(1.5).fontSize(11);
  doc.text(`Subtotal ${usd(payment.amount)}`);
  // No sales tax or VAT is collected: the line says so rather than being left out.
  doc.text(`Tax (0%) ${usd(0)}`);
  doc.font('Helvetica-Bold').text(`Total ${usd(payment.amount)}`);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

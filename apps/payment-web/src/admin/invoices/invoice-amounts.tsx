import { useTranslate } from '@bazaar/payment-react';
import { InvoiceLines, type InvoiceTotal } from '@bazaar/payment-react/customer';
import { refundedAmount, type AdminInvoice } from '@bazaar/schemas';

/**
 * The invoice's lines and every figure the API keeps of it, exact in its currency: subtotal,
 * credit applied, total, amount due, paid, remaining, and what was refunded.
 */
export function InvoiceAmounts({ invoice }: { invoice: AdminInvoice }) {
  const t = useTranslate();
  const applied = BigInt(invoice.amount_applied);
  const refunded = refundedAmount(invoice);
  const totals: InvoiceTotal[] = [
    { label: t('payment.pdf.subtotal'), amount: invoice.subtotal, isStrong: false },
    { label: t('payment.invoice.total'), amount: invoice.total, isStrong: true },
    ...(applied > 0n
      ? [{ label: t('payment.pdf.creditApplied'), amount: (-applied).toString(), isStrong: false }]
      : []),
    { label: t('payment.invoice.amountDue'), amount: invoice.amount_due, isStrong: false },
    { label: t('payment.invoice.amountPaid'), amount: invoice.amount_paid, isStrong: false },
    { label: t('payment.pdf.amountRemaining'), amount: invoice.amount_remaining, isStrong: true },
    ...(refunded > 0n
      ? [{ label: t('payment.invoice.amountRefunded'), amount: refunded.toString(), isStrong: false }]
      : []),
  ];
  return <InvoiceLines invoice={invoice} totals={totals} />;
}

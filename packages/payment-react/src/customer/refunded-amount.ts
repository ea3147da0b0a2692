import type { Invoice } from '@bazaar/schemas';

/** What came back to the payer of an invoice: its succeeded refunds, in the smallest unit. */
export function refundedAmount(invoice: Pick<Invoice, 'refunds'>): bigint {
  return invoice.refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + BigInt(refund.amount), 0n);
}

import type { PaymentDb } from '../db/tables.ts';
import { recordEventsOfEachMode, type EventToRecord } from '../modules/events/service.ts';
import { markInvoiceRowsPaid } from '../modules/invoices/repository.ts';
import { reactivateSubscriptions } from './subscription-overdue.ts';
import { switchPaidPlanChanges } from './switch-plan.ts';

/**
 * An invoice's money arrived (a renewal charge, a retry, or the payer on the invoice page): the
 * invoice is paid, the plan change it was written for (if any) is made, a past_due subscription
 * with nothing else overdue is active again, and `invoice.paid` is written — all in the caller's transaction. False (and nothing written)
 * when the invoice was already paid or void, so a repeated settlement changes nothing.
 */
export async function settleInvoice(
  db: PaymentDb,
  input: { invoiceId: string; paymentIntentId: string | null; now: number },
): Promise<boolean> {
  const settled = await settleInvoices(db, {
    invoices: [{ invoiceId: input.invoiceId, paymentIntentId: input.paymentIntentId }],
    now: input.now,
  });
  return settled.length === 1;
}

/**
 * `settleInvoice` for many invoices in a few statements (the renewal engine settles a batch at
 * a time); answers the ids it settled.
 */
export async function settleInvoices(
  db: PaymentDb,
  input: { invoices: readonly { invoiceId: string; paymentIntentId: string | null }[]; now: number },
): Promise<string[]> {
  if (input.invoices.length === 0) return [];
  const paid = await markInvoiceRowsPaid(db, {
    invoices: input.invoices.map((invoice) => ({
      id: invoice.invoiceId,
      paymentIntentId: invoice.paymentIntentId,
    })),
    now: input.now,
  });
  const events: EventToRecord[] = paid.map((invoice) => ({
    livemode: invoice.livemode === 1,
    payload: {
      type: 'invoice.paid',
      data: { id: invoice.id, customer_id: invoice.customer_id, subscription_id: invoice.subscription_id },
    },
  }));
  await switchPaidPlanChanges(db, { invoices: paid, now: input.now });
  events.push(
    ...(await reactivateSubscriptions(db, {
      subscriptionIds: paid.flatMap((invoice) => invoice.subscription_id ?? []),
      now: input.now,
    })),
  );
  await recordEventsOfEachMode(db, { events, now: input.now });
  return paid.map((invoice) => invoice.id);
}

import type { BillingReason } from '@bazaar/schemas';
import { sumAmounts } from '@bazaar/money';
import { fromFlag } from '../db/json.ts';
import type { PaymentDb } from '../db/tables.ts';
import {
  getCustomerCredit,
  recordBalanceTransactions,
  type BalanceScope,
} from '../modules/customer-balance/service.ts';
import { recordEvents } from '../modules/events/service.ts';
import { createInvoice, type NewInvoiceLine } from '../modules/invoices/service.ts';
import { setLatestInvoiceId, type SubscriptionRow } from '../modules/subscriptions/repository.ts';

export interface WrittenInvoice {
  invoiceId: string;
  /** What is left to collect after credit; 0 means the invoice was written paid. */
  amountDue: bigint;
}

function balanceScope(subscription: SubscriptionRow): BalanceScope {
  return {
    customerId: subscription.customer_id,
    currencyId: subscription.currency_id,
    livemode: fromFlag(subscription.livemode),
  };
}

/**
 * Writes a subscription's invoice in the caller's transaction and settles it against the
 * customer's credit, as Stripe does: credit pays as much of a positive total as it can, and a
 * negative total (a downgrade) becomes credit; the ledger records either. The subscription
 * points at the invoice and `invoice.created` is written. Collect what is due after the commit.
 * `collectLater` leaves a due invoice to the collection worker (a threshold invoice); without
 * it only the caller collects (a plan change, which voids the invoice if the charge fails).
 */
export async function writeSubscriptionInvoice(
  trx: PaymentDb,
  input: {
    subscription: SubscriptionRow;
    billingReason: BillingReason;
    description: string;
    lines: readonly NewInvoiceLine[];
    periodStart: number;
    periodEnd: number;
    collectLater: boolean;
    now: number;
  },
): Promise<WrittenInvoice> {
  const { subscription, now } = input;
  const scope = balanceScope(subscription);
  const total = sumAmounts(input.lines.map((line) => BigInt(line.amount)));
  const credit = total > 0n ? await getCustomerCredit(trx, scope) : 0n;
  const applied = credit < total ? credit : total > 0n ? total : 0n;
  const invoiceId = await createInvoice(trx, {
    status: 'open',
    billingReason: input.billingReason,
    customerId: subscription.customer_id,
    currencyId: subscription.currency_id,
    livemode: scope.livemode,
    subscriptionId: subscription.id,
    paymentMethodId: subscription.default_payment_method_id,
    description: input.description,
    lines: input.lines,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    amountApplied: applied,
    dueDate: now,
    nextPaymentAttempt: input.collectLater ? now : null,
    testClockId: subscription.test_clock_id,
    now,
  });
  await recordBalanceTransactions(trx, scope, [
    { amount: applied, type: 'applied_to_invoice', invoiceId, subscriptionId: subscription.id, now },
    {
      amount: total < 0n ? total : 0n,
      type: 'proration_credit',
      invoiceId,
      subscriptionId: subscription.id,
      now,
    },
  ]);
  await setLatestInvoiceId(trx, { id: subscription.id, invoiceId, now });
  await recordEvents(trx, {
    now,
    livemode: scope.livemode,
    payloads: [
      {
        type: 'invoice.created',
        data: { id: invoiceId, customer_id: subscription.customer_id, subscription_id: subscription.id },
      },
    ],
  });
  const amountDue = total - applied;
  return { invoiceId, amountDue: amountDue > 0n ? amountDue : 0n };
}

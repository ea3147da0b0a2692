import { newId } from '@bazaar/schemas';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { DEMO } from '../demo/seed.ts';
import { COLLECTION_LEASE_SECONDS } from '../flows/collect-invoice.ts';
import { leaseInvoiceRow, type InvoiceRow } from '../modules/invoices/repository.ts';
import { createSubscription } from '../modules/subscriptions/service.ts';
import { saveTestCustomer, TEST_NOW } from './payment-test-kit.ts';

/**
 * An unpaid invoice of `customerId` for 9.99 USD unless told otherwise, due at `dueDate` (a day
 * before the test clock's start by default), as a renewal that failed would leave it.
 */
export async function insertPastDueInvoice(
  db: PaymentDb,
  input: {
    customerId: string;
    livemode?: boolean;
    dueDate?: number;
    status?: 'open' | 'uncollectible' | 'paid';
    subscriptionId?: string;
    currencyId?: string;
    amount?: string;
    nextPaymentAttempt?: number;
  },
): Promise<string> {
  const amount = input.amount ?? '999';
  const id = newId('invoice');
  await db
    .insertInto('invoices')
    .values({
      id,
      number: `PASTDUE-${id}`,
      status: input.status ?? 'open',
      billing_reason: 'subscription_cycle',
      customer_id: input.customerId,
      subscription_id: input.subscriptionId ?? null,
      checkout_session_id: null,
      payment_intent_id: null,
      currency_id: input.currencyId ?? 'pc_demo_usd',
      description: 'Bazaar Club membership',
      subtotal: amount,
      total: amount,
      amount_due: amount,
      amount_paid: '0',
      amount_remaining: amount,
      livemode: input.livemode ? 1 : 0,
      created_at: TEST_NOW - 40 * 86_400,
      paid_at: null,
      due_date: input.dueDate ?? TEST_NOW - 86_400,
      next_payment_attempt: input.nextPaymentAttempt ?? null,
    })
    .execute();
  return id;
}

/**
 * A customer of `did` (test mode) whose monthly membership is past due over an uncollectible
 * renewal, as a renewal whose retries all declined leaves it. `retrying`: the membership is still
 * active and its renewal open, due tomorrow with a retry scheduled then, so nothing is overdue yet.
 */
export async function insertPastDueSubscription(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  did: string,
  renewal: 'uncollectible' | 'retrying' = 'uncollectible',
) {
  const customer = await saveTestCustomer(deps, did);
  const periodStart = TEST_NOW - 10 * 86_400;
  const isRetrying = renewal === 'retrying';
  const subscriptionId = await createSubscription(deps.db, {
    customerId: customer.id,
    status: isRetrying ? 'active' : 'past_due',
    currencyId: DEMO.usdCurrencyId,
    paymentMethodId: DEMO.cardMethodId,
    card: null,
    checkoutSessionId: null,
    items: [{ priceId: DEMO.monthlyPriceId, quantity: 1 }],
    periodStart,
    periodEnd: periodStart + 30 * 86_400,
    billingCycleAnchor: periodStart,
    trialStart: null,
    trialEnd: null,
    billingThresholdAmount: 0n,
    testClockId: null,
    livemode: false,
    now: periodStart,
  });
  const invoiceId = await insertPastDueInvoice(deps.db, {
    customerId: customer.id,
    subscriptionId,
    ...(isRetrying
      ? { status: 'open', dueDate: TEST_NOW + 86_400, nextPaymentAttempt: TEST_NOW + 86_400 }
      : { status: 'uncollectible', dueDate: periodStart }),
  });
  return { customerId: customer.id, subscriptionId, invoiceId };
}

/**
 * Leases an invoice to the engine from `now` as a batch claim does: a charge in flight, or left
 * behind by a worker that died. Answers the leased row, undefined when the lease was not free.
 */
export function leaseToEngine(
  db: PaymentDb,
  input: { invoiceId: string; now: number; statuses?: readonly string[] },
): Promise<InvoiceRow | undefined> {
  return leaseInvoiceRow(db, {
    id: input.invoiceId,
    holder: 'engine',
    now: input.now,
    until: input.now + COLLECTION_LEASE_SECONDS,
    statuses: input.statuses ?? ['open'],
  });
}

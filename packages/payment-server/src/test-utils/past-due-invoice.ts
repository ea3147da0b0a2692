import { newId } from '@bazaar/schemas';
import type { PaymentDb } from '../db/tables.ts';
import { TEST_NOW } from './payment-test-kit.ts';

/**
 * An unpaid invoice of `customerId`, due at `dueDate` (a day before the test clock's start by
 * default), as a renewal that failed would leave it. Subscriptions write these in a later issue.
 */
export async function insertPastDueInvoice(
  db: PaymentDb,
  input: {
    customerId: string;
    livemode?: boolean;
    dueDate?: number;
    status?: 'open' | 'uncollectible' | 'paid';
  },
): Promise<string> {
  const id = newId('invoice');
  await db
    .insertInto('invoices')
    .values({
      id,
      number: `PASTDUE-${id}`,
      status: input.status ?? 'open',
      billing_reason: 'subscription_cycle',
      customer_id: input.customerId,
      subscription_id: null,
      checkout_session_id: null,
      payment_intent_id: null,
      currency_id: 'pc_demo_usd',
      description: 'Bazaar Club membership',
      subtotal: '999',
      total: '999',
      amount_due: '999',
      amount_paid: '0',
      amount_remaining: '999',
      livemode: input.livemode ? 1 : 0,
      created_at: TEST_NOW - 40 * 86_400,
      paid_at: null,
      due_date: input.dueDate ?? TEST_NOW - 86_400,
    })
    .execute();
  return id;
}

import { newId } from '@bazaar/schemas';
import { insertRows } from '@bazaar/server-kit';
import type { PaymentDb } from '../../db/tables.ts';
import { DEMO } from '../../demo/seed.ts';

/**
 * Test-only: rows as the kit's flows leave them, written straight in, so a metrics test can set
 * every amount and moment it checks (an 18-decimal amount, a payment at a bucket's edge).
 */

interface PaymentInput {
  id?: string;
  customerId: string;
  currencyId: string;
  amount: string;
  at: number;
  status?: string;
  livemode?: boolean;
  checkoutSessionId?: string | null;
}

export async function insertPayment(db: PaymentDb, input: PaymentInput): Promise<string> {
  const id = input.id ?? newId('paymentIntent');
  const isSucceeded = (input.status ?? 'succeeded') === 'succeeded';
  await insertRows(db, 'payment_intents', [
    {
      id,
      status: input.status ?? 'succeeded',
      amount: input.amount,
      amount_received: isSucceeded ? input.amount : '0',
      currency_id: input.currencyId,
      payment_method_id: DEMO.cardMethodId,
      customer_id: input.customerId,
      invoice_id: null,
      checkout_session_id: input.checkoutSessionId ?? null,
      client_secret: `${id}_secret`,
      livemode: input.livemode ? 1 : 0,
      last_payment_error: null,
      payment_details: null,
      created_at: input.at - 60,
      updated_at: input.at,
    },
  ]);
  return id;
}

/** A payment through a donation checkout (a session whose submit type is `donate`). */
export async function insertDonation(db: PaymentDb, input: Omit<PaymentInput, 'id' | 'checkoutSessionId'>) {
  const sessionId = newId('checkoutSession');
  const paymentIntentId = newId('paymentIntent');
  await insertRows(db, 'checkout_sessions', [
    {
      id: sessionId,
      payment_link_id: DEMO.donationLinkId,
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      submit_type: 'donate',
      livemode: input.livemode ? 1 : 0,
      currency_id: input.currencyId,
      line_items: '[]',
      amount_subtotal: input.amount,
      amount_total: input.amount,
      customer_id: input.customerId,
      invoice_id: null,
      subscription_id: null,
      payment_intent_id: paymentIntentId,
      phone_number_collection: 0,
      billing_address_collection: 'auto',
      cross_sell_behavior: 'auto',
      subscription_data: null,
      success_url: null,
      inventory_reserved: 0,
      inventory_held_until: null,
      client_secret_hash: null,
      supporter_display: 'public',
      metadata: '{}',
      expires_at: input.at + 3_600,
      created_at: input.at - 60,
      updated_at: input.at,
    },
  ]);
  return insertPayment(db, { ...input, id: paymentIntentId, checkoutSessionId: sessionId });
}

export async function insertRefund(
  db: PaymentDb,
  input: {
    paymentIntentId: string;
    customerId: string;
    currencyId: string;
    amount: string;
    at: number;
    status?: string;
  },
): Promise<void> {
  await insertRows(db, 'refunds', [
    {
      id: newId('refund'),
      payment_intent_id: input.paymentIntentId,
      customer_id: input.customerId,
      invoice_id: null,
      subscription_id: null,
      amount: input.amount,
      currency_id: input.currencyId,
      type: 'refund',
      reason: 'requested_by_customer',
      description: null,
      status: input.status ?? 'succeeded',
      failure_message: null,
      provider_ref: null,
      attempt_count: 1,
      next_attempt_at: null,
      livemode: 0,
      created_at: input.at - 60,
      updated_at: input.at,
    },
  ]);
}

/** A paid invoice with its lines (`amount` negative for a credit, which names its proration). */
export async function insertPaidInvoice(
  db: PaymentDb,
  input: {
    customerId: string;
    currencyId: string;
    paidAt: number;
    lines: readonly { priceId: string; quantity: number; amount: string }[];
    subscriptionId?: string;
    planChange?: { itemId: string; fromPriceId: string; priceId: string; quantity: number };
  },
): Promise<void> {
  const id = newId('invoice');
  const total = input.lines.reduce((sum, line) => sum + BigInt(line.amount), 0n).toString();
  await insertRows(db, 'invoices', [
    {
      id,
      number: id,
      status: 'paid',
      billing_reason: input.planChange ? 'subscription_update' : 'manual',
      plan_change: input.planChange ? JSON.stringify({ ...input.planChange, restart: null }) : null,
      customer_id: input.customerId,
      subscription_id: input.subscriptionId ?? null,
      checkout_session_id: null,
      payment_intent_id: null,
      currency_id: input.currencyId,
      description: '',
      subtotal: total,
      total,
      amount_due: total,
      amount_paid: total,
      amount_remaining: '0',
      livemode: 0,
      created_at: input.paidAt - 60,
      paid_at: input.paidAt,
    },
  ]);
  await insertRows(
    db,
    'invoice_lines',
    input.lines.map((line, position) => ({
      id: newId('invoiceItem'),
      invoice_id: id,
      position,
      description: '',
      price_id: line.priceId,
      quantity: line.quantity,
      unit_amount: (BigInt(line.amount) / BigInt(line.quantity)).toString(),
      amount: line.amount,
      proration: line.amount.startsWith('-') ? 1 : 0,
    })),
  );
}

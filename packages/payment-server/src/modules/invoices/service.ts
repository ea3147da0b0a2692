import { invoiceSchema, newId, type Invoice } from '@bazaar/schemas';
import { notFound } from '@bazaar/server-kit';
import { sumAmounts } from '@bazaar/money';
import { fromFlag, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { allocateInvoiceNumber } from '../customers/service.ts';
import { getCurrency } from '../payment-methods/service.ts';
import {
  findInvoiceRow,
  hasPastDueInvoiceRow,
  insertInvoiceRows,
  listInvoiceLineRows,
} from './repository.ts';

export interface PaidInvoiceInput {
  id: string;
  customerId: string;
  currencyId: string;
  livemode: boolean;
  checkoutSessionId: string;
  paymentIntentId: string;
  description: string;
  lines: readonly {
    description: string;
    priceId: string;
    quantity: number;
    unitAmount: string;
    amount: string;
  }[];
}

/**
 * Records a checkout's invoice as already paid (the payment settled before it was written).
 * Runs inside the completing transaction so the number and the payment commit together.
 */
export async function createPaidInvoice(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: PaidInvoiceInput,
): Promise<void> {
  const now = deps.clock.now();
  const total = sumAmounts(input.lines.map((line) => BigInt(line.amount))).toString();
  await insertInvoiceRows(
    deps.db,
    {
      id: input.id,
      number: await allocateInvoiceNumber(deps.db, input.customerId),
      status: 'paid',
      billing_reason: 'manual',
      customer_id: input.customerId,
      subscription_id: null,
      checkout_session_id: input.checkoutSessionId,
      payment_intent_id: input.paymentIntentId,
      currency_id: input.currencyId,
      description: input.description,
      subtotal: total,
      total,
      amount_due: total,
      amount_paid: total,
      amount_remaining: '0',
      livemode: toFlag(input.livemode),
      created_at: now,
      paid_at: now,
    },
    input.lines.map((line, position) => ({
      id: newId('invoiceItem'),
      invoice_id: input.id,
      position,
      description: line.description,
      price_id: line.priceId,
      quantity: line.quantity,
      unit_amount: line.unitAmount,
      amount: line.amount,
    })),
  );
}

export async function getInvoice(db: PaymentDb, id: string): Promise<Invoice> {
  const row = await findInvoiceRow(db, id);
  if (!row) throw notFound('invoice', id);
  const lines = await listInvoiceLineRows(db, id);
  return {
    id: row.id,
    object: 'invoice',
    number: row.number,
    status: invoiceSchema.shape.status.parse(row.status),
    billing_reason: row.billing_reason,
    customer_id: row.customer_id,
    subscription_id: row.subscription_id,
    checkout_session_id: row.checkout_session_id,
    payment_intent_id: row.payment_intent_id,
    currency_id: row.currency_id,
    currency: await getCurrency(db, row.currency_id),
    description: row.description,
    lines: lines.map((line) => ({
      description: line.description,
      price_id: line.price_id,
      quantity: line.quantity,
      unit_amount: line.unit_amount,
      amount: line.amount,
    })),
    subtotal: row.subtotal,
    total: row.total,
    amount_due: row.amount_due,
    amount_paid: row.amount_paid,
    amount_remaining: row.amount_remaining,
    livemode: fromFlag(row.livemode),
    created_at: row.created_at,
    paid_at: row.paid_at,
  };
}

/** payment-kit.md §4: past-due invoices block new purchases until they are paid. */
export async function hasPastDueInvoices(
  db: PaymentDb,
  input: { customerId: string; livemode: boolean; now: number },
): Promise<boolean> {
  return hasPastDueInvoiceRow(db, input);
}

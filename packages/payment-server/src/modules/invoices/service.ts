import { listPaymentRefunds } from '../refunds/service.ts';
import {
  INVOICE_LIST_EXTRAS,
  invoiceSchema,
  newId,
  type AdminInvoice,
  type BillingReason,
  type Invoice,
  type ListedInvoice,
  type Locale,
  type exportInvoicesQuerySchema,
  type listInvoicesQuerySchema,
  type PaymentCurrency,
  type Price,
  type SessionUser,
  type Subscription,
} from '@bazaar/schemas';
import { AppError, mapBatches, notFound, type ListExport } from '@bazaar/server-kit';
import { sumAmounts } from '@bazaar/money';
import { fromFlag, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { z } from 'zod';
import { listScope } from '../customers/scope.ts';
import { getSubscriptionForUser } from '../subscriptions/access.ts';
import { toSubscription } from '../subscriptions/service.ts';
import { allocateInvoiceNumber, getCustomer, getCustomerSummaries } from '../customers/service.ts';
import { listPaymentIntents } from '../payment-intents/service.ts';
import {
  getCurrenciesById,
  getMethodSummariesById,
  type PaymentMethodSummary,
} from '../payment-methods/service.ts';
import { isPaymentAdmin } from '../../admins.ts';
import type { PaymentDeps } from '../../deps.ts';
import { renderInvoicePdf } from './pdf.ts';
import {
  findInvoiceRow,
  hasPastDueInvoiceRow,
  insertInvoiceRows,
  listInvoiceLineRows,
  exportInvoiceRows,
  listInvoiceRows,
  type InvoiceListFilter,
  type InvoiceLineRow,
  type InvoiceRow,
  type NewInvoiceLineRow,
  type NewInvoiceRow,
} from './repository.ts';

export interface NewInvoiceLine {
  description: string;
  priceId: string | null;
  quantity: number;
  unitAmount: string;
  /** Negative for a credit (unused time of the old plan). */
  amount: string;
  periodStart?: number | null;
  periodEnd?: number | null;
  proration?: boolean;
}

/** The line that bills `quantity` of `price` for `amount`, over `period` when it is a subscription's. */
export function priceLine(
  input: { price: Price; quantity: bigint; amount: bigint },
  period: { start: number; end: number } | null,
): NewInvoiceLine {
  const quantity = Number(input.quantity);
  if (!Number.isSafeInteger(quantity)) {
    throw new AppError(
      'INTERNAL',
      `A quantity of ${input.quantity} of ${input.price.id} is too large to bill`,
    );
  }
  return {
    description: input.price.product.name,
    priceId: input.price.id,
    quantity,
    unitAmount: (input.amount / input.quantity).toString(),
    amount: input.amount.toString(),
    periodStart: period?.start ?? null,
    periodEnd: period?.end ?? null,
  };
}

export interface NewInvoice {
  id?: string;
  customerId: string;
  currencyId: string;
  livemode: boolean;
  billingReason: BillingReason;
  description: string;
  lines: readonly NewInvoiceLine[];
  /**
   * `paid` when the money was taken before the invoice was written (a checkout), `draft` for a
   * manual invoice the admin may still edit, else `open`.
   */
  status: 'paid' | 'open' | 'draft';
  subscriptionId?: string | null;
  checkoutSessionId?: string | null;
  paymentIntentId?: string | null;
  paymentMethodId?: string | null;
  periodStart?: number | null;
  periodEnd?: number | null;
  /** Customer credit used towards the total; never more than the total. */
  amountApplied?: bigint;
  dueDate?: number | null;
  nextPaymentAttempt?: number | null;
  testClockId?: string | null;
  /** A manual invoice's days from finalizing to its due date. */
  daysUntilDue?: number | null;
  now: number;
}

/**
 * Writes an invoice and its lines, numbered per customer. Run it inside the transaction of the
 * change it bills, so the number, the lines and the state change commit together. An invoice
 * with nothing left to pay is paid as it is written.
 */
export async function createInvoice(db: PaymentDb, input: NewInvoice): Promise<string> {
  const { invoice, lines } = buildInvoiceRows(input, await allocateInvoiceNumber(db, input.customerId));
  await insertInvoiceRows(db, { invoices: [invoice], lines });
  return invoice.id;
}

/** The rows `createInvoice` writes, for callers that number and insert many invoices at once. */
export function buildInvoiceRows(
  input: NewInvoice,
  number: string,
): { invoice: NewInvoiceRow & { id: string }; lines: NewInvoiceLineRow[] } {
  const id = input.id ?? newId('invoice');
  const total = sumAmounts(input.lines.map((line) => BigInt(line.amount)));
  const applied = input.amountApplied ?? 0n;
  if (applied < 0n || applied > (total > 0n ? total : 0n)) {
    throw new AppError('INTERNAL', `Credit ${applied} cannot pay towards an invoice of ${total}`);
  }
  // A downgrade credits more unused time than the new plan costs: the total is negative, the
  // invoice owes nothing, and the caller moves the difference to the customer's balance.
  const amountDue = total > applied ? total - applied : 0n;
  // A draft owes nothing yet, whatever its total: finalizing decides whether it is paid at once.
  const isDraft = input.status === 'draft';
  const isPaid = input.status === 'paid' || (!isDraft && amountDue === 0n);
  const isOpen = !isDraft && !isPaid;
  return {
    invoice: {
      id,
      number,
      status: isDraft ? 'draft' : isPaid ? 'paid' : 'open',
      billing_reason: input.billingReason,
      customer_id: input.customerId,
      subscription_id: input.subscriptionId ?? null,
      checkout_session_id: input.checkoutSessionId ?? null,
      payment_intent_id: input.paymentIntentId ?? null,
      payment_method_id: input.paymentMethodId ?? null,
      currency_id: input.currencyId,
      description: input.description,
      subtotal: total.toString(),
      total: total.toString(),
      amount_applied: applied.toString(),
      amount_due: amountDue.toString(),
      amount_paid: isPaid ? amountDue.toString() : '0',
      amount_remaining: isPaid ? '0' : amountDue.toString(),
      period_start: input.periodStart ?? null,
      period_end: input.periodEnd ?? null,
      due_date: isOpen ? (input.dueDate ?? input.now) : null,
      next_payment_attempt: isOpen ? (input.nextPaymentAttempt ?? null) : null,
      test_clock_id: input.testClockId ?? null,
      days_until_due: input.daysUntilDue ?? null,
      livemode: toFlag(input.livemode),
      created_at: input.now,
      paid_at: isPaid ? input.now : null,
    },
    lines: input.lines.map((line, position) => ({
      id: newId('invoiceItem'),
      invoice_id: id,
      position,
      description: line.description,
      price_id: line.priceId,
      quantity: line.quantity,
      unit_amount: line.unitAmount,
      amount: line.amount,
      period_start: line.periodStart ?? null,
      period_end: line.periodEnd ?? null,
      proration: toFlag(line.proration ?? false),
    })),
  };
}

export async function toInvoice(db: PaymentDb, row: InvoiceRow): Promise<Invoice> {
  return (await toInvoices(db, [row]))[0]!;
}

/**
 * Invoices with their lines, how the paid ones were paid and what was refunded, each read in one query for the
 * whole page rather than one per invoice.
 */
export async function toInvoices(db: PaymentDb, rows: readonly InvoiceRow[]): Promise<Invoice[]> {
  const lines = await listInvoiceLineRows(
    db,
    rows.map((row) => row.id),
  );
  // Only a paid invoice tells how it was paid: an open one's intent may hold a declined card.
  const paidIntents = await listPaymentIntents(
    db,
    rows.flatMap((row) => (row.status === 'paid' && row.payment_intent_id) || []),
  );
  const details = new Map(paidIntents.map((intent) => [intent.id, intent.payment_details]));
  const refunds = await listPaymentRefunds(
    db,
    paidIntents.map((intent) => intent.id),
  );
  const linesOf = new Map<string, InvoiceLineRow[]>();
  for (const line of lines) linesOf.set(line.invoice_id, [...(linesOf.get(line.invoice_id) ?? []), line]);
  const currencies = await getCurrenciesById(
    db,
    rows.map((row) => row.currency_id),
  );
  const methodIdOf = (row: InvoiceRow) =>
    row.payment_method_id ?? currencies.get(row.currency_id)!.payment_method_id;
  const methods = await getMethodSummariesById(db, rows.map(methodIdOf));
  return rows.map((row) =>
    toInvoiceWith(row, {
      lines: linesOf.get(row.id) ?? [],
      currency: currencies.get(row.currency_id)!,
      method: methods.get(methodIdOf(row))!,
      paymentDetails: (row.payment_intent_id && details.get(row.payment_intent_id)) || null,
      refunds: (row.payment_intent_id && refunds.get(row.payment_intent_id)) || [],
    }),
  );
}

function toInvoiceWith(
  row: InvoiceRow,
  related: {
    lines: readonly InvoiceLineRow[];
    currency: PaymentCurrency;
    method: PaymentMethodSummary;
    paymentDetails: Invoice['payment_details'];
    refunds: Invoice['refunds'];
  },
): Invoice {
  const { lines, currency } = related;
  return {
    id: row.id,
    object: 'invoice',
    number: row.number,
    status: invoiceSchema.shape.status.parse(row.status),
    billing_reason: invoiceSchema.shape.billing_reason.parse(row.billing_reason),
    customer_id: row.customer_id,
    subscription_id: row.subscription_id,
    checkout_session_id: row.checkout_session_id,
    payment_intent_id: row.payment_intent_id,
    payment_method_id: row.payment_method_id,
    payment_method: related.method,
    payment_details: related.paymentDetails,
    refunds: related.refunds,
    currency_id: row.currency_id,
    currency,
    description: row.description,
    lines: lines.map((line) => ({
      description: line.description,
      price_id: line.price_id,
      quantity: line.quantity,
      unit_amount: line.unit_amount,
      amount: line.amount,
      period_start: line.period_start,
      period_end: line.period_end,
      proration: fromFlag(line.proration),
    })),
    subtotal: row.subtotal,
    total: row.total,
    amount_applied: row.amount_applied,
    amount_due: row.amount_due,
    amount_paid: row.amount_paid,
    amount_remaining: row.amount_remaining,
    period_start: row.period_start,
    period_end: row.period_end,
    due_date: row.due_date,
    attempt_count: row.attempt_count,
    next_payment_attempt: row.next_payment_attempt,
    livemode: fromFlag(row.livemode),
    created_at: row.created_at,
    paid_at: row.paid_at,
  };
}

export async function getInvoice(db: PaymentDb, id: string): Promise<Invoice> {
  const row = await findInvoiceRow(db, id);
  if (!row) throw notFound('invoice', id);
  return toInvoice(db, row);
}

const SECONDS_PER_DAY = 86_400;

/** The due date finalizing gives a draft at `now`: `days_until_due` days later (`finalizedAt` reads `now` back from it). */
export function dueDateOnFinalizing(row: Pick<InvoiceRow, 'days_until_due'>, now: number): number {
  return now + (row.days_until_due ?? 0) * SECONDS_PER_DAY;
}

/**
 * When the invoice was sent to its payer. A manual invoice is sent by finalizing, which dates it
 * due `days_until_due` days later, so its due date less those days is the moment; a draft voided
 * unsent has none. Every other invoice was written open or paid: it was sent as it was written.
 */
function finalizedAt(row: InvoiceRow): number | null {
  if (row.status === 'draft') return null;
  const daysUntilDue = row.days_until_due ?? null;
  if (daysUntilDue === null) return row.created_at;
  const dueDate = row.due_date ?? null;
  return dueDate === null ? null : dueDate - daysUntilDue * SECONDS_PER_DAY;
}

/** An invoice as the admin routes answer it, with the terms a draft keeps and when it was sent. */
export async function toAdminInvoice(db: PaymentDb, row: InvoiceRow): Promise<AdminInvoice> {
  return {
    ...(await toInvoice(db, row)),
    days_until_due: row.days_until_due ?? null,
    finalized_at: finalizedAt(row),
  };
}

export async function getAdminInvoice(db: PaymentDb, id: string): Promise<AdminInvoice> {
  const row = await findInvoiceRow(db, id);
  if (!row) throw notFound('invoice', id);
  return toAdminInvoice(db, row);
}

/**
 * `GET /invoices/{id}`: an admin sees any invoice, with the terms a draft keeps; a payer their
 * own once it is finalized. Someone else's invoice, or a draft, answers like a missing one, so
 * ids can't be probed and a draft stays the admin's until it is sent.
 */
export async function getVisibleInvoice(
  db: PaymentDb,
  input: { id: string; user: SessionUser },
): Promise<Invoice | AdminInvoice> {
  if (!isPaymentAdmin(input.user)) return getOwnInvoice(db, { id: input.id, did: input.user.did });
  return getAdminInvoice(db, input.id);
}

/**
 * `GET /invoices/{id}/pdf`: the invoice as a PDF in `locale`, for whoever may see the invoice
 * (its customer, or an admin); for anyone else it does not exist.
 */
export async function getVisibleInvoicePdf(
  deps: Pick<PaymentDeps, 'db' | 'sellerName'>,
  input: { id: string; user: SessionUser; locale: Locale },
): Promise<{ fileName: string; bytes: Buffer }> {
  const invoice = await getVisibleInvoice(deps.db, input);
  const customer = await getCustomer(deps.db, invoice.customer_id);
  const bytes = await renderInvoicePdf({
    invoice,
    customer,
    sellerName: deps.sellerName,
    locale: input.locale,
  });
  return { fileName: `invoice-${invoice.number}.pdf`, bytes };
}

/** One of the payer's own finalized invoices; anything else answers like a missing one. */
export async function getOwnInvoice(db: PaymentDb, input: { id: string; did: string }): Promise<Invoice> {
  const row = await findInvoiceRow(db, input.id);
  if (!row) throw notFound('invoice', input.id);
  const customer = await getCustomer(db, row.customer_id);
  if (customer.did !== input.did || row.status === 'draft') throw notFound('invoice', input.id);
  return toInvoice(db, row);
}

/** Whether the customer owes past-due invoices: those block new purchases and subscriptions until paid. */
export async function hasPastDueInvoices(
  db: PaymentDb,
  input: { customerId: string; livemode: boolean; now: number },
): Promise<boolean> {
  return hasPastDueInvoiceRow(db, input);
}

/** The list filter a query asks for, within the customer the caller may see (undefined: all). */
function invoiceFilterOf(
  query: z.output<typeof exportInvoicesQuerySchema> & { livemode: boolean },
  scope: { customerId: string | undefined; hideDrafts: boolean },
): InvoiceListFilter {
  return {
    livemode: query.livemode,
    customerId: scope.customerId,
    subscriptionId: query.subscription_id,
    currencyId: query.currency_id,
    status: query.status,
    hideDrafts: scope.hideDrafts,
    hiddenReasons: Object.entries(INVOICE_LIST_EXTRAS).flatMap(([flag, reasons]) =>
      query[flag as keyof typeof INVOICE_LIST_EXTRAS] ? [] : reasons,
    ),
    ignoreZero: query.ignore_zero ?? false,
  };
}

/**
 * `GET /invoices/export.csv` (admins): every invoice the same query lists, drafts included, newest
 * first, read a batch at a time as the file is sent.
 */
export async function exportInvoices(
  db: PaymentDb,
  query: z.output<typeof exportInvoicesQuerySchema> & { livemode: boolean },
): Promise<ListExport<Invoice>> {
  const rows = await exportInvoiceRows(
    db,
    invoiceFilterOf(query, { customerId: query.customer_id, hideDrafts: false }),
  );
  return { total: rows.total, records: mapBatches(rows.records, (batch) => toInvoices(db, batch)) };
}

/** Invoices as the list shows them: each with whom it bills (a foreign key: they are there). */
async function toListedInvoices(db: PaymentDb, rows: readonly InvoiceRow[]): Promise<ListedInvoice[]> {
  const [invoices, customers] = await Promise.all([
    toInvoices(db, rows),
    getCustomerSummaries(
      db,
      rows.map((row) => row.customer_id),
    ),
  ]);
  return invoices.map((invoice) => ({ ...invoice, customer: customers.get(invoice.customer_id)! }));
}

/**
 * `GET /invoices`: a page of the invoices `user` may see in one mode, newest first; filtered by a
 * subscription, the subscription too (someone else's answers 404, as it does itself).
 */
export async function listVisibleInvoices(
  db: PaymentDb,
  input: { user: SessionUser; query: z.output<typeof listInvoicesQuerySchema> & { livemode: boolean } },
): Promise<{ list: ListedInvoice[]; count: number; subscription?: Subscription }> {
  const { user, query } = input;
  const subscription = query.subscription_id
    ? await toSubscription(db, await getSubscriptionForUser(db, { id: query.subscription_id, user }))
    : undefined;
  const scope = await listScope(db, {
    user,
    livemode: query.livemode,
    customerId: query.customer_id,
    own: query.own,
  });
  if (!scope) return { list: [], count: 0 };
  const { rows, count } = await listInvoiceRows(
    db,
    invoiceFilterOf(query, { customerId: scope.customerId, hideDrafts: !isPaymentAdmin(user) }),
    query,
  );
  return { list: await toListedInvoices(db, rows), count, ...(subscription && { subscription }) };
}

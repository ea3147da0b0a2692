import { hash, timingSafeEqual } from 'node:crypto';
import {
  chainPaymentDetailsSchema,
  newId,
  paymentIntentSchema,
  type ChainPaymentDetails,
  randomToken,
  type PaymentIntent,
  type exportPaymentIntentsQuerySchema,
  type listPaymentIntentsQuerySchema,
  type CustomerPayment,
  type ListedPayment,
  type PaymentSearchQuery,
  type SessionUser,
} from '@bazaar/schemas';
import { mapBatches, notFound, type ListExport } from '@bazaar/server-kit';
import { sessionTakenError } from '../checkout-sessions/access.ts';
import { customerIdsMatching } from '../customers/repository.ts';
import { listScope } from '../customers/scope.ts';
import { getCustomerSummaries } from '../customers/service.ts';
import { getCurrenciesById, getMethodSummariesById } from '../payment-methods/service.ts';
import { sql } from 'kysely';
import { z } from 'zod';
import { fromFlag, readJsonOrNull, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import type { SavedCard } from '../../providers/card-network.ts';
import {
  findPaymentIntentRow,
  exportAttemptedIntentRows,
  insertPaymentIntentRows,
  listAttemptedIntentRows,
  listIntentCheckoutSessionIds,
  listPaymentIntentRows,
  updatePaymentIntentFrom,
  type PaymentIntentRow,
} from './repository.ts';

export type PaymentIntentStatus = PaymentIntent['status'];
export type PaymentError = NonNullable<PaymentIntent['last_payment_error']>;
/** What the intent shows of how it was paid: the card, or the chain transaction. */
export type PaymentDetails = NonNullable<PaymentIntent['payment_details']>;
export type CardDetails = Exclude<PaymentDetails, ChainPaymentDetails>;

/** The states from which a payer may still present a card. */
export const PAYABLE_STATUSES: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_action',
];

const paymentErrorJson = z.object({ code: z.string(), message: z.string() });
const cardDetailsJson = z.object({ brand: z.string(), last4: z.string() });
const paymentDetailsJson = z.union([cardDetailsJson, chainPaymentDetailsSchema]);
/** A card saved at the network while confirming (a subscription keeps it) also names its id there. */
const savedCardDetailsJson = z.union([
  cardDetailsJson.extend({ card_id: z.string().optional() }),
  chainPaymentDetailsSchema,
]);

function readSavedCard(row: PaymentIntentRow): SavedCard | null {
  const details = readJsonOrNull(savedCardDetailsJson, row.payment_details);
  return details && 'card_id' in details && details.card_id
    ? { card_id: details.card_id, brand: details.brand, last4: details.last4 }
    : null;
}

export function toPaymentIntent(row: PaymentIntentRow): PaymentIntent {
  return {
    id: row.id,
    object: 'payment_intent',
    status: paymentIntentSchema.shape.status.parse(row.status),
    amount: row.amount,
    amount_received: row.amount_received,
    currency_id: row.currency_id,
    payment_method_id: row.payment_method_id,
    customer_id: row.customer_id,
    invoice_id: row.invoice_id,
    livemode: fromFlag(row.livemode),
    last_payment_error: readJsonOrNull(paymentErrorJson, row.last_payment_error),
    payment_details: readJsonOrNull(paymentDetailsJson, row.payment_details),
    created_at: row.created_at,
  };
}

/** The intent plus what only its owner may see: the session it pays and its client secret. */
export interface PaymentIntentRecord {
  intent: PaymentIntent;
  checkoutSessionId: string | null;
  clientSecret: string;
  /** The card saved at the network for this intent, while it waits for the payer's authentication. */
  savedCard: SavedCard | null;
}

function toPaymentIntentRecord(row: PaymentIntentRow): PaymentIntentRecord {
  return {
    intent: toPaymentIntent(row),
    checkoutSessionId: row.checkout_session_id,
    clientSecret: row.client_secret,
    savedCard: readSavedCard(row),
  };
}

/** Hashing first gives equal lengths, so the comparison takes the same time for any guess. */
export function isSecretMatching(expected: string, given: string): boolean {
  const digest = (value: string) => hash('sha256', value, 'buffer');
  return timingSafeEqual(digest(expected), digest(given));
}

export async function findPaymentIntent(db: PaymentDb, id: string): Promise<PaymentIntentRecord | null> {
  const row = await findPaymentIntentRow(db, id);
  return row ? toPaymentIntentRecord(row) : null;
}

export async function getPaymentIntent(db: PaymentDb, id: string): Promise<PaymentIntentRecord> {
  const record = await findPaymentIntent(db, id);
  if (!record) throw notFound('payment intent', id);
  return record;
}

/** The intents with these ids, in one query (those that do not exist are left out). */
export async function listPaymentIntents(db: PaymentDb, ids: readonly string[]): Promise<PaymentIntent[]> {
  return (await listPaymentIntentRows(db, ids)).map(toPaymentIntent);
}

/** `GET /payment-intents`: a page of the payments `user` may see in one mode, newest first. */
export async function listVisiblePaymentIntents(
  db: PaymentDb,
  input: {
    user: SessionUser;
    query: z.output<typeof listPaymentIntentsQuerySchema> & PaymentSearchQuery & { livemode: boolean };
  },
): Promise<{ list: ListedPayment[]; count: number }> {
  const { user, query } = input;
  const scope = await listScope(db, {
    user,
    livemode: query.livemode,
    customerId: query.customer_id,
    own: query.own,
  });
  if (!scope) return { list: [], count: 0 };
  const { rows, count } = await listAttemptedIntentRows(
    db,
    {
      livemode: query.livemode,
      customerId: scope.customerId,
      invoiceId: query.invoice_id,
      status: query.status,
      search: intentSearch(db, query),
    },
    { ...query, direction: query.sortDirection ?? 'desc' },
  );
  return { list: await toListedPayments(db, rows), count };
}

function intentSearch(db: PaymentDb, query: { q?: string | undefined; livemode: boolean }) {
  const { q } = query;
  return q ? { q, customers: customerIdsMatching(db, { livemode: query.livemode, q }) } : undefined;
}

/** Intents as payment lists show them: with the currency to write them in and the method that took them. */
export async function toCustomerPayments(
  db: PaymentDb,
  rows: readonly PaymentIntentRow[],
): Promise<CustomerPayment[]> {
  const currencies = await getCurrenciesById(
    db,
    rows.map((row) => row.currency_id),
  );
  const methods = await getMethodSummariesById(
    db,
    rows.map((row) => row.payment_method_id),
  );
  return rows.map((row) => ({
    ...toPaymentIntent(row),
    currency: currencies.get(row.currency_id)!,
    payment_method: methods.get(row.payment_method_id)!,
  }));
}

/** Intents as the payments list shows them: as `toCustomerPayments` does, and with who paid each. */
export async function toListedPayments(
  db: PaymentDb,
  rows: readonly PaymentIntentRow[],
): Promise<ListedPayment[]> {
  const customers = await getCustomerSummaries(
    db,
    rows.flatMap((row) => (row.customer_id ? [row.customer_id] : [])),
  );
  return (await toCustomerPayments(db, rows)).map((payment) => ({
    ...payment,
    customer: (payment.customer_id && customers.get(payment.customer_id)) || null,
  }));
}

/** `GET /payment-intents/export.csv` (admins): every payment the same query lists, newest first. */
export async function exportPaymentIntents(
  db: PaymentDb,
  query: z.output<typeof exportPaymentIntentsQuerySchema> &
    Pick<PaymentSearchQuery, 'q'> & { livemode: boolean },
): Promise<ListExport<CustomerPayment>> {
  const rows = await exportAttemptedIntentRows(db, {
    livemode: query.livemode,
    customerId: query.customer_id,
    invoiceId: query.invoice_id,
    status: query.status,
    search: intentSearch(db, query),
  });
  return { total: rows.total, records: mapBatches(rows.records, (batch) => toCustomerPayments(db, batch)) };
}

/** The checkout session each of these intents pays, for those that pay one, in one query. */
export async function findIntentCheckoutSessionIds(
  db: PaymentDb,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await listIntentCheckoutSessionIds(db, ids);
  return new Map(rows.flatMap((row) => (row.checkout_session_id ? [[row.id, row.checkout_session_id]] : [])));
}

export interface IntentTerms {
  amount: string;
  currencyId: string;
  paymentMethodId: string;
  customerId: string;
  livemode: boolean;
}

/**
 * The session's intent, ready for a card: a resubmit (say after a decline, with another
 * currency) re-terms the open intent rather than leaving a second one that could be charged.
 */
export async function prepareSessionIntent(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { checkoutSessionId: string; existingId: string | null; terms: IntentTerms },
): Promise<PaymentIntentRecord> {
  const now = deps.clock.now();
  const { terms } = input;
  const changes = {
    amount: terms.amount,
    currency_id: terms.currencyId,
    payment_method_id: terms.paymentMethodId,
    customer_id: terms.customerId,
    status: 'requires_payment_method',
    updated_at: now,
  };
  const existing = input.existingId ? await findPaymentIntentRow(deps.db, input.existingId) : undefined;
  // An intent pays for one customer for good: re-terming it for another would move the payment.
  if (existing?.customer_id && existing.customer_id !== terms.customerId) {
    throw sessionTakenError();
  }
  const retermed =
    existing && (await updatePaymentIntentFrom(deps.db, existing.id, PAYABLE_STATUSES, changes));
  if (retermed) return toPaymentIntentRecord(retermed);
  const id = newId('paymentIntent');
  const row: PaymentIntentRow = {
    ...changes,
    id,
    amount_received: '0',
    invoice_id: null,
    checkout_session_id: input.checkoutSessionId,
    client_secret: `${id}_secret_${randomToken()}`,
    livemode: toFlag(terms.livemode),
    last_payment_error: null,
    payment_details: null,
    created_at: now,
    volume_rolled_up: 0,
  };
  await insertPaymentIntentRows(deps.db, [row]);
  return toPaymentIntentRecord(row);
}

/** A card attempt that did not go through; the payer may retry on the same intent. */
export async function failPaymentIntent(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { id: string; error: PaymentError; card: CardDetails | null },
): Promise<boolean> {
  const failed = await updatePaymentIntentFrom(deps.db, input.id, PAYABLE_STATUSES, {
    status: 'requires_payment_method',
    last_payment_error: JSON.stringify(input.error),
    ...(input.card ? { payment_details: JSON.stringify(input.card) } : {}),
    updated_at: deps.clock.now(),
  });
  return failed !== undefined;
}

/**
 * The card needs the payer's extra authentication step before it can be charged. A card already
 * saved at the network is remembered with it, so the approved intent can hand it on. Answers the
 * intent waiting for the payer, or null when it was no longer payable.
 */
export async function requireIntentAction(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { id: string; card: CardDetails; savedCard: SavedCard | null },
): Promise<PaymentIntent | null> {
  const waiting = await updatePaymentIntentFrom(deps.db, input.id, PAYABLE_STATUSES, {
    status: 'requires_action',
    last_payment_error: null,
    payment_details: JSON.stringify(input.savedCard ?? input.card),
    updated_at: deps.clock.now(),
  });
  return waiting ? toPaymentIntent(waiting) : null;
}

/**
 * Marks the intent paid in full, for the amount it stands at now (a resubmit may have re-termed
 * it since the caller read it). Answers the paid intent, or null when it was not payable
 * (already paid, or cancelled).
 */
export async function succeedPaymentIntent(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { id: string; invoiceId: string; details: PaymentDetails | null },
): Promise<PaymentIntent | null> {
  // A chain payment waits in `processing` while its transaction confirms.
  const paid = await updatePaymentIntentFrom(deps.db, input.id, [...PAYABLE_STATUSES, 'processing'], {
    status: 'succeeded',
    amount_received: sql<string>`${sql.ref('amount')}`,
    invoice_id: input.invoiceId,
    last_payment_error: null,
    ...(input.details ? { payment_details: JSON.stringify(input.details) } : {}),
    updated_at: deps.clock.now(),
  });
  return paid ? toPaymentIntent(paid) : null;
}

/**
 * Voids a session's intent that a payer could still confirm, because what it would pay for has
 * changed (the lines changed, or the session expired); the next submit readies a new one.
 */
export async function cancelPayableIntent(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  id: string,
): Promise<void> {
  await updatePaymentIntentFrom(deps.db, id, PAYABLE_STATUSES, {
    status: 'canceled',
    updated_at: deps.clock.now(),
  });
}

import {
  DEFAULT_SUBSCRIPTION_SORT_DIRECTIONS,
  metadataSchema,
  newId,
  subscriptionSchema,
  type exportSubscriptionsQuerySchema,
  type ListedSubscription,
  type listSubscriptionsQuerySchema,
  type SessionUser,
  type Subscription,
  type SubscriptionStatus,
} from '@bazaar/schemas';
import { mapBatches, notFound, type ListExport } from '@bazaar/server-kit';
import { z } from 'zod';
import { fromFlag, readJson, readJsonOrNull, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { SavedCard } from '../../providers/card-network.ts';
import { listScope } from '../customers/scope.ts';
import { getCustomerSummaries } from '../customers/service.ts';
import { getCurrency } from '../payment-methods/service.ts';
import { getPricesById } from '../prices/service.ts';
import {
  findSubscriptionRow,
  insertSubscriptionRows,
  listSubscriptionItemRows,
  exportSubscriptionRows,
  listSubscriptionRows,
  type SubscriptionRow,
} from './repository.ts';

export { updateSubscriptionFrom, type SubscriptionRow } from './repository.ts';

const savedCardJson = z.object({ card_id: z.string(), brand: z.string(), last4: z.string() });

export function readSavedCard(row: SubscriptionRow): SavedCard | null {
  return readJsonOrNull(savedCardJson, row.payment_card);
}

async function toSubscriptions(db: PaymentDb, rows: readonly SubscriptionRow[]): Promise<Subscription[]> {
  const items = await listSubscriptionItemRows(
    db,
    rows.map((row) => row.id),
  );
  const prices = await getPricesById(db, [...new Set(items.map((item) => item.price_id))]);
  const subscriptions: Subscription[] = [];
  for (const row of rows) {
    const card = readSavedCard(row);
    subscriptions.push({
      id: row.id,
      object: 'subscription',
      status: subscriptionSchema.shape.status.parse(row.status),
      customer_id: row.customer_id,
      currency_id: row.currency_id,
      currency: await getCurrency(db, row.currency_id),
      default_payment_method_id: row.default_payment_method_id,
      payment_card: card && { brand: card.brand, last4: card.last4 },
      payer_address: row.payer_address,
      items: items
        .filter((item) => item.subscription_id === row.id)
        .map((item) => ({
          id: item.id,
          object: 'subscription_item' as const,
          price_id: item.price_id,
          price: prices.get(item.price_id)!,
          quantity: item.quantity,
        })),
      billing_cycle_anchor: row.billing_cycle_anchor,
      current_period_start: row.current_period_start,
      current_period_end: row.current_period_end,
      trial_start: row.trial_start,
      trial_end: row.trial_end,
      cancel_at_period_end: fromFlag(row.cancel_at_period_end),
      canceled_at: row.canceled_at,
      ended_at: row.ended_at,
      cancelation_details: readJsonOrNull(
        subscriptionSchema.shape.cancelation_details.unwrap(),
        row.cancelation_details,
      ),
      billing_threshold_amount: row.billing_threshold_amount,
      latest_invoice_id: row.latest_invoice_id,
      checkout_session_id: row.checkout_session_id,
      test_clock_id: row.test_clock_id,
      livemode: fromFlag(row.livemode),
      metadata: readJson(metadataSchema, row.metadata),
      created_at: row.created_at,
    });
  }
  return subscriptions;
}

export async function toSubscription(db: PaymentDb, row: SubscriptionRow): Promise<Subscription> {
  return (await toSubscriptions(db, [row]))[0]!;
}

/** Subscriptions as lists show them: each with whom it belongs to. */
async function toListedSubscriptions(
  db: PaymentDb,
  rows: readonly SubscriptionRow[],
): Promise<ListedSubscription[]> {
  const [subscriptions, customers] = await Promise.all([
    toSubscriptions(db, rows),
    getCustomerSummaries(
      db,
      rows.map((row) => row.customer_id),
    ),
  ]);
  // A subscription's customer is a foreign key: it is there.
  return subscriptions.map((subscription) => ({
    ...subscription,
    customer: customers.get(subscription.customer_id)!,
  }));
}

export async function toListedSubscription(db: PaymentDb, row: SubscriptionRow): Promise<ListedSubscription> {
  return (await toListedSubscriptions(db, [row]))[0]!;
}

export async function getSubscriptionRow(db: PaymentDb, id: string): Promise<SubscriptionRow> {
  const row = await findSubscriptionRow(db, id);
  if (!row) throw notFound('subscription', id);
  return row;
}

export async function getSubscription(db: PaymentDb, id: string): Promise<Subscription> {
  return toSubscription(db, await getSubscriptionRow(db, id));
}

export interface NewSubscription {
  customerId: string;
  status: SubscriptionStatus;
  currencyId: string;
  paymentMethodId: string;
  card: SavedCard | null;
  /** Chain subscriptions: the wallet renewals pull from. */
  payerAddress?: string | null;
  checkoutSessionId: string | null;
  items: readonly { priceId: string; quantity: number }[];
  /** The first period; with a trial it is the trial itself. */
  periodStart: number;
  periodEnd: number;
  /** The renewal dates count from here (the trial end when there is a trial). */
  billingCycleAnchor: number;
  trialStart: number | null;
  trialEnd: number | null;
  billingThresholdAmount: bigint;
  testClockId: string | null;
  /** The invoice written with it in the same transaction (a checkout's first invoice), if any. */
  latestInvoiceId?: string | null;
  livemode: boolean;
  now: number;
}

/** Writes a subscription and its items; run inside the transaction that pays for it. */
export async function createSubscription(db: PaymentDb, input: NewSubscription): Promise<string> {
  const id = newId('subscription');
  await insertSubscriptionRows(
    db,
    {
      id,
      customer_id: input.customerId,
      status: input.status,
      currency_id: input.currencyId,
      default_payment_method_id: input.paymentMethodId,
      payment_card: input.card && JSON.stringify(input.card),
      payer_address: input.payerAddress ?? null,
      checkout_session_id: input.checkoutSessionId,
      billing_cycle_anchor: input.billingCycleAnchor,
      current_period_start: input.periodStart,
      current_period_end: input.periodEnd,
      trial_start: input.trialStart,
      trial_end: input.trialEnd,
      canceled_at: null,
      ended_at: null,
      cancelation_details: null,
      billing_threshold_amount: input.billingThresholdAmount.toString(),
      latest_invoice_id: input.latestInvoiceId ?? null,
      test_clock_id: input.testClockId,
      livemode: toFlag(input.livemode),
      created_at: input.now,
      updated_at: input.now,
    },
    input.items.map((item) => ({
      id: newId('subscriptionItem'),
      subscription_id: id,
      price_id: item.priceId,
      quantity: item.quantity,
      created_at: input.now,
    })),
  );
  return id;
}

/** `GET /subscriptions`: a page of the subscriptions `user` may see in one mode, newest first unless sorted. */
export async function listVisibleSubscriptions(
  db: PaymentDb,
  input: { user: SessionUser; query: z.output<typeof listSubscriptionsQuerySchema> & { livemode: boolean } },
): Promise<{ list: ListedSubscription[]; count: number }> {
  const { user, query } = input;
  const scope = await listScope(db, {
    user,
    livemode: query.livemode,
    customerId: query.customer_id,
    own: query.own,
  });
  if (!scope) return { list: [], count: 0 };
  const sortBy = query.sortBy ?? 'created';
  const { rows, count } = await listSubscriptionRows(
    db,
    { livemode: query.livemode, customerId: scope.customerId, statuses: query.status, q: query.q },
    {
      page: query.page,
      pageSize: query.pageSize,
      sortBy,
      sortDirection: query.sortDirection ?? DEFAULT_SUBSCRIPTION_SORT_DIRECTIONS[sortBy],
    },
  );
  return { list: await toListedSubscriptions(db, rows), count };
}

/** `GET /subscriptions/export.csv` (admins): every subscription the same query lists, newest first. */
export async function exportSubscriptions(
  db: PaymentDb,
  query: z.output<typeof exportSubscriptionsQuerySchema> & { livemode: boolean },
): Promise<ListExport<ListedSubscription>> {
  const rows = await exportSubscriptionRows(db, {
    livemode: query.livemode,
    customerId: query.customer_id,
    statuses: query.status,
    q: query.q,
  });
  return {
    total: rows.total,
    records: mapBatches(rows.records, (batch) => toListedSubscriptions(db, batch)),
  };
}

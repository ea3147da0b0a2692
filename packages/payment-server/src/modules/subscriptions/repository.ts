import type { Insertable, Selectable, Updateable } from 'kysely';
import { newestFirstPage } from '../../db/search.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type SubscriptionRow = Selectable<PaymentTables['subscriptions']>;
export type SubscriptionItemRow = Selectable<PaymentTables['subscription_items']>;
export type SubscriptionChanges = Updateable<PaymentTables['subscriptions']>;

export async function insertSubscriptionRows(
  db: PaymentDb,
  subscription: Insertable<PaymentTables['subscriptions']>,
  items: readonly Insertable<PaymentTables['subscription_items']>[],
) {
  await db.insertInto('subscriptions').values(subscription).execute();
  if (items.length > 0)
    await db
      .insertInto('subscription_items')
      .values([...items])
      .execute();
}

export async function findSubscriptionRow(db: PaymentDb, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listSubscriptionItemRows(
  db: PaymentDb,
  subscriptionIds: readonly string[],
): Promise<SubscriptionItemRow[]> {
  if (subscriptionIds.length === 0) return [];
  return db
    .selectFrom('subscription_items')
    .selectAll()
    .where('subscription_id', 'in', [...subscriptionIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Changes a subscription only while it is in one of `fromStatuses`, so two racing actions (a
 * cancel and a renewal, say) can't both apply; true when the row changed.
 */
export async function updateSubscriptionFrom(
  db: PaymentDb,
  id: string,
  fromStatuses: readonly string[],
  changes: SubscriptionChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...fromStatuses])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findSubscriptionItemRow(
  db: PaymentDb,
  id: string,
): Promise<SubscriptionItemRow | undefined> {
  return db.selectFrom('subscription_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Points a subscription at the invoice it wrote last (any status: the invoice is history). */
export async function setLatestInvoiceId(
  db: PaymentDb,
  input: { id: string; invoiceId: string; now: number },
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ latest_invoice_id: input.invoiceId, updated_at: input.now })
    .where('id', '=', input.id)
    .execute();
}

/** Moves an item to another price and quantity, only if it is still on `fromPriceId`. */
export async function swapSubscriptionItemPrice(
  db: PaymentDb,
  input: { id: string; fromPriceId: string; priceId: string; quantity: number },
): Promise<boolean> {
  const result = await db
    .updateTable('subscription_items')
    .set({ price_id: input.priceId, quantity: input.quantity })
    .where('id', '=', input.id)
    .where('price_id', '=', input.fromPriceId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** One page of subscriptions in one mode, newest first; filters left undefined match all. */
export async function listSubscriptionRows(
  db: PaymentDb,
  filter: { livemode: boolean; customerId?: string | undefined; status?: string | undefined },
  page: { page: number; pageSize: number },
): Promise<{ rows: SubscriptionRow[]; count: number }> {
  let query = db.selectFrom('subscriptions').where('livemode', '=', filter.livemode ? 1 : 0);
  if (filter.customerId) query = query.where('customer_id', '=', filter.customerId);
  if (filter.status) query = query.where('status', '=', filter.status);
  return newestFirstPage(query, page);
}

export async function insertCardSetupRow(
  db: PaymentDb,
  row: Insertable<PaymentTables['subscription_card_setups']>,
): Promise<void> {
  await db.insertInto('subscription_card_setups').values(row).execute();
}

/** The subscription a setup intent changes the card of; undefined for any other intent. */
export async function findCardSetupSubscriptionId(
  db: PaymentDb,
  paymentIntentId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('subscription_card_setups')
    .select('subscription_id')
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
  return row?.subscription_id;
}

/**
 * Gives a subscription its new saved card. Its invoices still open or uncollectible keep the
 * card they were billed to (unless they already hold one), so only future invoices use the new.
 */
export async function replaceSubscriptionCard(
  db: PaymentDb,
  input: { id: string; previousCard: string | null; card: string; now: number },
): Promise<void> {
  if (input.previousCard !== null) {
    await db
      .updateTable('invoices')
      .set({ payment_card: input.previousCard })
      .where('subscription_id', '=', input.id)
      .where('status', 'in', ['open', 'uncollectible'])
      .where('payment_card', 'is', null)
      .execute();
  }
  await db
    .updateTable('subscriptions')
    .set({ payment_card: input.card, updated_at: input.now })
    .where('id', '=', input.id)
    .execute();
}

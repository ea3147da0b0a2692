import type { Selectable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type DonationLinkRow = Selectable<PaymentTables['donation_links']>;
export type SupporterRow = Selectable<PaymentTables['donation_supporters']>;

export async function findDonationLinkRow(
  db: PaymentDb,
  input: { target: string; livemode: number },
): Promise<DonationLinkRow | undefined> {
  return db
    .selectFrom('donation_links')
    .selectAll()
    .where('target', '=', input.target)
    .where('livemode', '=', input.livemode)
    .executeTakeFirst();
}

/** Claims the target for a new link; false when another request holds it already. */
export async function claimDonationTarget(db: PaymentDb, row: DonationLinkRow): Promise<boolean> {
  const inserted = await db
    .insertInto('donation_links')
    .values(row)
    .onConflict((conflict) => conflict.columns(['target', 'livemode']).doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/**
 * Gives a link made without a setting to `settingId`; false when it has one already (another
 * setting's, or this one's by a request just before).
 */
export async function adoptDonationLink(
  db: PaymentDb,
  input: { paymentLinkId: string; settingId: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('donation_links')
    .set({ setting_id: input.settingId })
    .where('payment_link_id', '=', input.paymentLinkId)
    .where('setting_id', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export async function listDonationLinkRowsOfSetting(
  db: PaymentDb,
  settingId: string,
): Promise<DonationLinkRow[]> {
  return db
    .selectFrom('donation_links')
    .selectAll()
    .where('setting_id', '=', settingId)
    .orderBy('payment_link_id')
    .execute();
}

/** The link's totals, locked until the caller's transaction ends (PostgreSQL; SQLite has one writer). */
export async function lockDonationTotals(db: PaymentDb, paymentLinkId: string) {
  let query = db.selectFrom('donation_links').selectAll().where('payment_link_id', '=', paymentLinkId);
  if (hasRowLocks(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function setDonationTotals(
  db: PaymentDb,
  input: { paymentLinkId: string; totalAmount: string; supporterCount: number },
): Promise<void> {
  await db
    .updateTable('donation_links')
    .set({ total_amount: input.totalAmount, supporter_count: input.supporterCount })
    .where('payment_link_id', '=', input.paymentLinkId)
    .execute();
}

/** Inserts the supporter's first donation to the link; false when they have a row already. */
export async function insertSupporterRowIfMissing(db: PaymentDb, row: SupporterRow): Promise<boolean> {
  const inserted = await db
    .insertInto('donation_supporters')
    .values(row)
    .onConflict((conflict) => conflict.columns(['payment_link_id', 'customer_id']).doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function lockSupporterRow(
  db: PaymentDb,
  input: { paymentLinkId: string; customerId: string },
): Promise<SupporterRow> {
  let query = db
    .selectFrom('donation_supporters')
    .selectAll()
    .where('payment_link_id', '=', input.paymentLinkId)
    .where('customer_id', '=', input.customerId);
  if (hasRowLocks(db)) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

export async function updateSupporterRow(db: PaymentDb, row: SupporterRow): Promise<void> {
  await db
    .updateTable('donation_supporters')
    .set({
      amount_total: row.amount_total,
      display: row.display,
      last_payment_intent_id: row.last_payment_intent_id,
      last_invoice_id: row.last_invoice_id,
      updated_at: row.updated_at,
    })
    .where('payment_link_id', '=', row.payment_link_id)
    .where('customer_id', '=', row.customer_id)
    .execute();
}

/**
 * A page of the link's supporters, newest first, with what is shown of each customer and payment.
 * The page is cut from the supporters alone (read off their index), then joined, so a deep page
 * does not join every row it skips.
 */
export async function listSupporterRows(
  db: PaymentDb,
  input: { paymentLinkId: string; limit: number; offset: number },
) {
  const page = db
    .selectFrom('donation_supporters')
    .selectAll()
    .where('payment_link_id', '=', input.paymentLinkId)
    .orderBy('updated_at', 'desc')
    .orderBy('customer_id', 'desc')
    .limit(input.limit)
    .offset(input.offset);
  return db
    .selectFrom(page.as('s'))
    .innerJoin('customers as c', 'c.id', 's.customer_id')
    .leftJoin('payment_intents as pi', 'pi.id', 's.last_payment_intent_id')
    .select([
      's.customer_id',
      's.amount_total',
      's.display',
      's.updated_at',
      's.last_invoice_id',
      'c.name',
      'c.did',
      'pi.payment_details',
    ])
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.customer_id', 'desc')
    .execute();
}

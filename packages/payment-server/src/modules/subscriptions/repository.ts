import {
  asciiTextContains,
  exportNewestFirst,
  insertRows,
  sortedPage,
  type ListExport,
} from '@bazaar/server-kit';
import { sql, type Insertable, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import { customerIdsMatching } from '../customers/repository.ts';
import { inClock } from '../../db/test-clock-scope.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type SubscriptionRow = Selectable<PaymentTables['subscriptions']>;
export type SubscriptionItemRow = Selectable<PaymentTables['subscription_items']>;
export type SubscriptionChanges = Updateable<PaymentTables['subscriptions']>;

export async function insertSubscriptionRows(
  db: PaymentDb,
  subscription: Insertable<PaymentTables['subscriptions']>,
  items: readonly Insertable<PaymentTables['subscription_items']>[],
) {
  await insertRows(db, 'subscriptions', [subscription]);
  await insertRows(db, 'subscription_items', items);
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

/** Which subscriptions of one mode a list or an export holds; filters left undefined match all. */
export interface SubscriptionListFilter {
  livemode: boolean;
  customerId?: string | undefined;
  statuses?: readonly string[] | undefined;
  /** Text in the customer's name, email or DID, or in the subscription's id. */
  q?: string | undefined;
}

function subscriptionListQuery(db: PaymentDb, filter: SubscriptionListFilter) {
  const { livemode, q } = filter;
  let query = db.selectFrom('subscriptions').where('livemode', '=', livemode ? 1 : 0);
  if (filter.customerId) query = query.where('customer_id', '=', filter.customerId);
  if (filter.statuses) query = query.where('status', 'in', [...filter.statuses]);
  if (q) {
    query = query.where((eb) =>
      eb.or([
        eb('customer_id', 'in', customerIdsMatching(db, { livemode, q })),
        asciiTextContains(db, 'id', q),
      ]),
    );
  }
  return query;
}

/** The column each sort orders by; ids break ties, in the same direction. */
const SORT_COLUMNS = { created: 'created_at', current_period_end: 'current_period_end' } as const;

/** One page of the filter's subscriptions in the order asked, with the filter's count. */
export async function listSubscriptionRows(
  db: PaymentDb,
  filter: SubscriptionListFilter,
  page: {
    page: number;
    pageSize: number;
    sortBy: keyof typeof SORT_COLUMNS;
    sortDirection: 'asc' | 'desc';
  },
): Promise<{ rows: SubscriptionRow[]; count: number }> {
  return sortedPage(subscriptionListQuery(db, filter), page, {
    by: sql.ref(SORT_COLUMNS[page.sortBy]),
    direction: page.sortDirection,
  });
}

/** Every subscription of the filter, newest first, a batch at a time, and how many there are. */
export function exportSubscriptionRows(
  db: PaymentDb,
  filter: SubscriptionListFilter,
): Promise<ListExport<SubscriptionRow>> {
  return exportNewestFirst(subscriptionListQuery(db, filter));
}

export async function insertCardSetupRow(
  db: PaymentDb,
  row: Insertable<PaymentTables['subscription_card_setups']>,
): Promise<void> {
  await insertRows(db, 'subscription_card_setups', [row]);
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

/** Gives a subscription its new saved card (open invoices keep theirs: `keepOpenInvoicesCard`). */
export async function setSubscriptionCard(
  db: PaymentDb,
  input: { id: string; card: string; now: number },
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ payment_card: input.card, updated_at: input.now })
    .where('id', '=', input.id)
    .execute();
}

/** The subscription statuses that renew at period end (see `isBillable`). */
export const BILLABLE_STATUSES = ['trialing', 'active', 'past_due'];

/**
 * Due subscriptions for one renewal batch. On PostgreSQL the rows stay
 * locked until the caller's transaction ends and rows another worker holds are skipped, so two
 * workers never renew the same subscription; SQLite's single writer gives the same guarantee.
 */
export async function claimDueSubscriptionRows(
  db: PaymentDb,
  input: { now: number; testClockId: string | null; limit: number; skipIds: readonly string[] },
): Promise<SubscriptionRow[]> {
  return (
    db
      .selectFrom('subscriptions')
      .selectAll()
      .where('test_clock_id', ...inClock(input.testClockId))
      .$if(input.skipIds.length > 0, (query) => query.where('id', 'not in', [...input.skipIds]))
      .where('status', 'in', BILLABLE_STATUSES)
      .where('current_period_end', '<=', input.now)
      // No ORDER BY: over three statuses it would sort every due row for each batch; the
      // (test_clock_id, status, current_period_end) index hands out due rows as they come.
      .limit(input.limit)
      .$if(hasRowLocks(db), (query) => query.forUpdate().skipLocked())
      .execute()
  );
}

export async function listSubscriptionRowsById(
  db: PaymentDb,
  ids: readonly string[],
): Promise<SubscriptionRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export interface SubscriptionAdvance {
  id: string;
  /** The status the renewal was planned from; a subscription no longer in it is left alone. */
  fromStatus: string;
  status: string;
  periodStart: number;
  periodEnd: number;
  latestInvoiceId: string;
}

/**
 * Moves renewed subscriptions into their next period, in one statement for the whole batch
 * (CASE on the id picks each row's values); answers the ids that moved.
 */
export async function advanceSubscriptionRows(
  db: PaymentDb,
  input: { rows: readonly SubscriptionAdvance[]; now: number },
): Promise<Set<string>> {
  if (input.rows.length === 0) return new Set();
  const byId = <T>(value: (row: SubscriptionAdvance) => RawBuilder<unknown>) =>
    sql<T>`CASE id ${sql.join(
      input.rows.map((row) => sql`WHEN ${row.id} THEN ${value(row)}`),
      sql` `,
    )} END`;
  // Parameters arrive untyped; PostgreSQL needs the numbers cast to the column's type.
  const bigint = (pick: (row: SubscriptionAdvance) => number) =>
    byId<number>((row) => sql`CAST(${pick(row)} AS bigint)`);
  const text = (pick: (row: SubscriptionAdvance) => string) => byId<string>((row) => sql`${pick(row)}`);
  const rows = await db
    .updateTable('subscriptions')
    .set({
      status: text((row) => row.status),
      current_period_start: bigint((row) => row.periodStart),
      current_period_end: bigint((row) => row.periodEnd),
      latest_invoice_id: text((row) => row.latestInvoiceId),
      updated_at: input.now,
    })
    .where(
      'id',
      'in',
      input.rows.map((row) => row.id),
    )
    .where(
      'status',
      '=',
      text((row) => row.fromStatus),
    )
    .returning('id')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** A customer's subscriptions move into the test clock's time with them. */
export async function moveSubscriptionsToClock(
  db: PaymentDb,
  input: { customerId: string; testClockId: string },
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ test_clock_id: input.testClockId })
    .where('customer_id', '=', input.customerId)
    .execute();
}

/** When the customer's latest subscription period began; null without subscriptions. */
export async function findLatestPeriodStart(db: PaymentDb, customerId: string): Promise<number | null> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.max('current_period_start').as('start'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.start === null || row?.start === undefined ? null : Number(row.start);
}

/** The clock's earliest end of a period that renews; null when nothing renews. */
export async function findNextPeriodEnd(db: PaymentDb, testClockId: string): Promise<number | null> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.min('current_period_end').as('at'))
    .where('test_clock_id', '=', testClockId)
    .where('status', 'in', BILLABLE_STATUSES)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** `customer.subscription.trial_will_end` is announced this long before a trial ends, as Stripe does. */
export const TRIAL_REMINDER_SECONDS = 3 * 86_400;

/**
 * Trialing subscriptions whose trial ends within `TRIAL_REMINDER_SECONDS` of `now` and that were
 * not reminded yet, marked reminded at `now`: each is answered to one caller only (the update is
 * the claim; on PostgreSQL rows another worker holds are skipped).
 */
export async function claimTrialReminderRows(
  db: PaymentDb,
  input: { now: number; testClockId: string | null; limit: number },
): Promise<SubscriptionRow[]> {
  const due = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('test_clock_id', ...inClock(input.testClockId))
    .where('status', '=', 'trialing')
    .where('trial_reminded_at', 'is', null)
    .where('trial_end', '<=', input.now + TRIAL_REMINDER_SECONDS)
    .limit(input.limit)
    .$if(hasRowLocks(db), (query) => query.forUpdate().skipLocked())
    .execute();
  if (due.length === 0) return [];
  return db
    .updateTable('subscriptions')
    .set({ trial_reminded_at: input.now })
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    .where('trial_reminded_at', 'is', null)
    .returningAll()
    .execute();
}

/** When the clock's next trial reminder falls due; null when none is waiting. */
export async function findNextTrialReminder(db: PaymentDb, testClockId: string): Promise<number | null> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.min('trial_end').as('at'))
    .where('test_clock_id', '=', testClockId)
    .where('status', '=', 'trialing')
    .where('trial_reminded_at', 'is', null)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at) - TRIAL_REMINDER_SECONDS;
}

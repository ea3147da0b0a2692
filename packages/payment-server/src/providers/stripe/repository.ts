import type { Selectable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type StripeIntentRow = Selectable<PaymentTables['stripe_intents']>;

export async function findStripeIntentRow(
  db: PaymentDb,
  paymentIntentId: string,
): Promise<StripeIntentRow | undefined> {
  return db
    .selectFrom('stripe_intents')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
}

export async function findStripeIntentRowByStripeId(
  db: PaymentDb,
  stripeId: string,
): Promise<StripeIntentRow | undefined> {
  return db.selectFrom('stripe_intents').selectAll().where('stripe_id', '=', stripeId).executeTakeFirst();
}

/** Our intent's Stripe counterpart, replacing the one it had. */
export async function saveStripeIntentRow(db: PaymentDb, row: StripeIntentRow): Promise<void> {
  await db
    .insertInto('stripe_intents')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('payment_intent_id').doUpdateSet({
        stripe_id: row.stripe_id,
        kind: row.kind,
        client_secret: row.client_secret,
        amount: row.amount,
        currency: row.currency,
        applied_failure: row.applied_failure,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/**
 * Claims the applying of a failed attempt: true for the first caller only, so the payer's page
 * and Stripe's webhook reporting the same decline record it once.
 */
export async function claimFailureApplying(
  db: PaymentDb,
  input: { paymentIntentId: string; failure: string },
): Promise<boolean> {
  const claimed = await db
    .updateTable('stripe_intents')
    .set({ applied_failure: input.failure })
    .where('payment_intent_id', '=', input.paymentIntentId)
    .where((eb) => eb.or([eb('applied_failure', 'is', null), eb('applied_failure', '!=', input.failure)]))
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

export async function findStripeCustomerId(
  db: PaymentDb,
  input: { customerId: string; methodId: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('stripe_customers')
    .select('stripe_id')
    .where('customer_id', '=', input.customerId)
    .where('payment_method_id', '=', input.methodId)
    .executeTakeFirst();
  return row?.stripe_id;
}

/** Keeps the first Stripe customer saved for ours (two racing saves agree on it); answers it. */
export async function saveStripeCustomerId(
  db: PaymentDb,
  row: Selectable<PaymentTables['stripe_customers']>,
): Promise<string> {
  await db
    .insertInto('stripe_customers')
    .values(row)
    .onConflict((conflict) => conflict.columns(['customer_id', 'payment_method_id']).doNothing())
    .execute();
  return (await findStripeCustomerId(db, { customerId: row.customer_id, methodId: row.payment_method_id }))!;
}

/** Notes a received webhook event; answers whether it was applied already. */
export async function recordStripeEvent(
  db: PaymentDb,
  row: Omit<Selectable<PaymentTables['stripe_events']>, 'applied_at'>,
): Promise<{ isApplied: boolean }> {
  await db
    .insertInto('stripe_events')
    .values({ ...row, applied_at: null })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const kept = await db
    .selectFrom('stripe_events')
    .select('applied_at')
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  return { isApplied: kept.applied_at !== null };
}

export async function markStripeEventApplied(db: PaymentDb, id: string, now: number): Promise<void> {
  await db.updateTable('stripe_events').set({ applied_at: now }).where('id', '=', id).execute();
}

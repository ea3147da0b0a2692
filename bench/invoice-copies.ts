import { randomToken } from '@bazaar/schemas';
import { payTestCheckout, startTestCheckout, type TestPlatform } from '@bazaar/platform/testing';
import { insertRows } from '@bazaar/server-kit';

/** Rows per insert, under SQLite's bound-parameter limit. */
const SLICE = 200;

/**
 * The payer behind `cookie` pays once through the API; that invoice and its line are then copied
 * until there are `count`, one a minute apart, so every row is one the kit itself would write.
 * Answers the paid invoice's id.
 */
export async function seedInvoiceCopies(
  platform: TestPlatform,
  cookie: string,
  count: number,
): Promise<string> {
  const session = await startTestCheckout(platform.app, 'plink_demo_onetime', cookie);
  const intentId = await payTestCheckout(platform.app, session, { cookie, email: 'payer@example.com' });
  const db = platform.database.db;
  const invoice = await db
    .selectFrom('invoices')
    .selectAll()
    .where('payment_intent_id', '=', intentId)
    .executeTakeFirstOrThrow();
  const line = await db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoice.id)
    .executeTakeFirstOrThrow();
  for (let start = 1; start < count; start += SLICE) {
    const copies = Array.from({ length: Math.min(SLICE, count - start) }, (_, offset) => {
      const index = start + offset;
      return {
        ...invoice,
        id: `in_${randomToken()}`,
        number: `${invoice.number}-${index}`,
        created_at: invoice.created_at - index * 60,
        payment_intent_id: null,
      };
    });
    await insertRows(db, 'invoices', copies);
    await insertRows(
      db,
      'invoice_lines',
      copies.map((copy) => ({ ...line, id: `il_${randomToken()}`, invoice_id: copy.id })),
    );
  }
  return invoice.id as string;
}

import type { Migration } from 'kysely/migration';

/**
 * The catalogue's full price model (tiers, upsell), per-link session lifetime, and invoice due
 * dates (past-due invoices limit a customer's new purchases).
 */
export const catalogueFields: Migration = {
  async up(db) {
    const add = (
      table: string,
      column: string,
      type: 'text' | 'integer' | 'bigint',
      fallback?: string | number,
    ) =>
      db.schema
        .alterTable(table)
        .addColumn(column, type, (col) => (fallback === undefined ? col : col.notNull().defaultTo(fallback)))
        .execute();

    await add('prices', 'billing_scheme', 'text', 'per_unit');
    await add('prices', 'tiers_mode', 'text');
    await add('prices', 'tiers', 'text');
    await add('prices', 'upsells_to_id', 'text');
    await add('prices', 'nickname', 'text', '');
    await add('prices', 'metadata', 'text', '{}');
    await add('products', 'metadata', 'text', '{}');
    await add('payment_links', 'expires_after_seconds', 'integer', 86_400);
    await add('payment_links', 'metadata', 'text', '{}');
    await add('invoices', 'due_date', 'bigint');
    await db.schema.createIndex('prices_product_idx').on('prices').column('product_id').execute();
    await db.schema
      .createIndex('invoices_customer_status_idx')
      .on('invoices')
      .columns(['customer_id', 'status'])
      .execute();
  },
};

import type { Migration } from 'kysely/migration';

/**
 * The two indexes on stock holds cover only sessions that hold stock: the sweeper and the
 * per-customer cap look for holds (`inventory_held_until` compared with a time, which implies it
 * is set) and nothing else reads them, while every session starts holding nothing. Each started
 * session then writes two index entries fewer, and most never write one.
 */
export const heldStockIndexes: Migration = {
  async up(db) {
    await db.schema.dropIndex('checkout_sessions_held_until_idx').execute();
    await db.schema.dropIndex('checkout_sessions_customer_idx').execute();
    await db.schema
      .createIndex('checkout_sessions_held_until_idx')
      .on('checkout_sessions')
      .column('inventory_held_until')
      .where('inventory_held_until', 'is not', null)
      .execute();
    await db.schema
      .createIndex('checkout_sessions_customer_idx')
      .on('checkout_sessions')
      .columns(['customer_id', 'inventory_held_until'])
      .where('inventory_held_until', 'is not', null)
      .execute();
  },
};

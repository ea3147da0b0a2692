import type { Migration } from 'kysely/migration';
import { checkoutTables } from './0001-checkout-tables.ts';

/** Ordered by name; never edit a shipped migration, add the next one. */
export const paymentMigrations: Record<string, Migration> = {
  '0001_checkout_tables': checkoutTables,
};

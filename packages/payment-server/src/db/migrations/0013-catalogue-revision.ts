import { createRevisionCounter } from '@bazaar/server-kit';
import type { Migration } from 'kysely/migration';

export const CATALOGUE_REVISION = 'catalogue_revision';

/** The tables a checkout reads as its catalogue (modules/catalogue/cache.ts keeps them in memory). */
export const CATALOGUE_TABLES = [
  'payment_links',
  'products',
  'prices',
  'payment_methods',
  'payment_currencies',
] as const;

/**
 * Every column of `prices` but `quantity_sold`, which each sale moves: stock is read live where
 * it is limited (modules/catalogue/cache.ts), so a sale leaves the revision alone. A migration
 * that adds a column to prices adds it here (catalogue/cache.test.ts fails until it does).
 */
export const PRICE_CATALOGUE_COLUMNS = [
  'product_id',
  'active',
  'type',
  'currency_id',
  'unit_amount',
  'custom_unit_amount',
  'currency_options',
  'recurring',
  'quantity_available',
  'quantity_limit_per_checkout',
  'billing_scheme',
  'tiers_mode',
  'tiers',
  'upsells_to_id',
  'nickname',
  'metadata',
  'livemode',
  'created_at',
] as const;

/**
 * One counter that every committed change to the catalogue moves, kept by triggers so that no
 * writer can forget it (modules/catalogue/cache.ts holds catalogue rows while it reads the same).
 */
export const catalogueRevision: Migration = {
  async up(db) {
    await createRevisionCounter(
      db,
      CATALOGUE_REVISION,
      CATALOGUE_TABLES.map((table) => ({
        table,
        on: ['INSERT', 'UPDATE', 'DELETE'],
        ...(table === 'prices' ? { columns: PRICE_CATALOGUE_COLUMNS } : {}),
      })),
    );
  },
};

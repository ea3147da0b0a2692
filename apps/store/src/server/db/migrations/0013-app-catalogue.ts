import { createRevisionCounter } from '@bazaar/server-kit';
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { listingRowOf } from '../../modules/apps/catalogue/listing.ts';

/** Moved by triggers on every change of a listing: the search vocabulary is cached while it reads the same. */
export const APP_CATALOGUE_REVISION = 'store_app_catalogue_revision';

/**
 * The public catalogue: `store_app_listings`, one row per app with a published version, holding
 * what that version's manifest says (title, description, keywords, logo, price) and its search
 * terms, written in the transaction that publishes it. Whether an app is blocked or private, its
 * category and downloads stay on `store_apps`, read with it.
 *
 * Search indexes the terms the Store makes (modules/apps/catalogue/search-text.ts), so both
 * databases hold the same vocabulary:
 * - SQLite: an FTS5 table kept in step by triggers, with the `ascii` tokenizer (the terms are
 *   already folded and split by spaces), and its `fts5vocab` view of the vocabulary.
 * - PostgreSQL: a generated `tsvector` of the terms as they are (`array_to_tsvector`, no parser
 *   or dictionary), GIN-indexed.
 *
 * Apps published before this migration are listed from their published versions.
 */
export const appCatalogue: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_app_listings')
      .addColumn('app_did', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('keywords', 'text', (col) => col.notNull())
      .addColumn('logo', 'text')
      .addColumn('price_amount', 'text')
      .addColumn('price_currency', 'text')
      .addColumn('published_at', 'bigint', (col) => col.notNull())
      .addColumn('title_key', 'text', (col) => col.notNull())
      .addColumn('title_terms', 'text', (col) => col.notNull())
      .addColumn('keyword_terms', 'text', (col) => col.notNull())
      .addColumn('description_terms', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('store_app_listings_published_idx')
      .on('store_app_listings')
      .column('published_at')
      .execute();
    const terms = `title_terms || ' ' || keyword_terms || ' ' || description_terms`;
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql
        .raw(
          `ALTER TABLE store_app_listings ADD COLUMN search_vector tsvector GENERATED ALWAYS AS ` +
            `(array_to_tsvector(array_remove(string_to_array(${terms}, ' '), ''))) STORED`,
        )
        .execute(db);
      await sql
        .raw('CREATE INDEX store_app_listings_search_idx ON store_app_listings USING gin (search_vector)')
        .execute(db);
    } else {
      await sql
        .raw(
          `CREATE VIRTUAL TABLE store_app_listings_fts USING fts5(app_did UNINDEXED, terms, tokenize = 'ascii', detail = none)`,
        )
        .execute(db);
      await sql
        .raw(`CREATE VIRTUAL TABLE store_app_listings_vocab USING fts5vocab(store_app_listings_fts, row)`)
        .execute(db);
      const insert = `INSERT INTO store_app_listings_fts (app_did, terms) VALUES (new.app_did, ${terms.replace(/(\w+_terms)/g, 'new.$1')});`;
      const remove = 'DELETE FROM store_app_listings_fts WHERE app_did = old.app_did;';
      for (const [event, body] of [
        ['INSERT', insert],
        ['UPDATE', remove + insert],
        ['DELETE', remove],
      ] as const) {
        await sql
          .raw(
            `CREATE TRIGGER store_app_listings_fts_${event.toLowerCase()} AFTER ${event} ON store_app_listings BEGIN ${body} END`,
          )
          .execute(db);
      }
    }
    await createRevisionCounter(db, APP_CATALOGUE_REVISION, [
      { table: 'store_app_listings', on: ['INSERT', 'UPDATE', 'DELETE'] },
    ]);

    const published = await db
      .selectFrom('store_apps as a')
      .innerJoin('store_app_versions as v', (join) =>
        join.onRef('v.app_did', '=', 'a.did').onRef('v.version', '=', 'a.current_version'),
      )
      .select(['v.app_did', 'v.version', 'v.manifest', 'v.published_at', 'v.status_changed_at'])
      .execute();
    for (const version of published) {
      await db.insertInto('store_app_listings').values(listingRowOf(version)).execute();
    }
  },
};

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
 * - SQLite: a contentless FTS5 table kept in step by triggers, its rows named by the listing's
 *   `id`, with the `ascii` tokenizer (the terms are already folded and split by spaces), and its
 *   `fts5vocab` view of the vocabulary.
 * - PostgreSQL: a generated `tsvector` of the terms as they are (`array_to_tsvector`, no parser
 *   or dictionary), GIN-indexed without a pending list: apps are published rarely and searched
 *   often, and every search would read through the list's unsorted entries.
 *
 * Apps published before this migration are listed from their published versions.
 */
export const appCatalogue: Migration = {
  async up(db) {
    const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('store_app_listings')
      // SQLite's index names rows by an integer: `id` is that rowid, kept by VACUUM as an
      // INTEGER PRIMARY KEY (an implicit rowid is not), and the app's DID is unique beside it.
      .$call((table) =>
        isPostgres
          ? table.addColumn('app_did', 'text', (col) => col.primaryKey())
          : table
              .addColumn('id', 'integer', (col) => col.primaryKey())
              .addColumn('app_did', 'text', (col) => col.notNull().unique()),
      )
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
    // Lists sort by downloads (the whole catalogue's or a category's), publication or title;
    // texts in code point order on both databases.
    const byCodePoints = (column: string) => (isPostgres ? `${column} COLLATE "C"` : column);
    const did = byCodePoints('did');
    await sql
      .raw(`CREATE INDEX store_app_listings_published_idx ON store_app_listings (published_at)`)
      .execute(db);
    await sql
      .raw(`CREATE INDEX store_app_listings_title_idx ON store_app_listings (${byCodePoints('title_key')})`)
      .execute(db);
    await sql.raw(`CREATE INDEX store_apps_downloads_idx ON store_apps (downloads DESC, ${did})`).execute(db);
    await sql
      .raw(`CREATE INDEX store_apps_category_downloads_idx ON store_apps (category, downloads DESC, ${did})`)
      .execute(db);
    // Counts (a list's total, each category's) read who may see an app from this index alone.
    await db.schema
      .createIndex('store_apps_catalogue_idx')
      .on('store_apps')
      .columns(['category', 'visibility', 'blocked_at', 'current_version', 'owner_did'])
      .execute();
    const terms = (row: string) =>
      `${row}.title_terms || ' ' || ${row}.keyword_terms || ' ' || ${row}.description_terms`;
    if (isPostgres) {
      await sql
        .raw(
          `ALTER TABLE store_app_listings ADD COLUMN search_vector tsvector GENERATED ALWAYS AS ` +
            `(array_to_tsvector(array_remove(string_to_array(${terms('store_app_listings')}, ' '), ''))) STORED`,
        )
        .execute(db);
      await sql
        .raw(
          'CREATE INDEX store_app_listings_search_idx ON store_app_listings USING gin (search_vector) WITH (fastupdate = off)',
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `CREATE VIRTUAL TABLE store_app_listings_fts USING fts5(terms, content = '', contentless_delete = 1, ` +
            `tokenize = 'ascii', detail = none)`,
        )
        .execute(db);
      await sql
        .raw(`CREATE VIRTUAL TABLE store_app_listings_vocab USING fts5vocab(store_app_listings_fts, row)`)
        .execute(db);
      const insert = `INSERT INTO store_app_listings_fts (rowid, terms) VALUES (new.id, ${terms('new')});`;
      const remove = 'DELETE FROM store_app_listings_fts WHERE rowid = old.id;';
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

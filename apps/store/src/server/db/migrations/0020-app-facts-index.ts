import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A search reads, for each listing it matches (a common word matches a thousand), who may see its
 * app, the app's category, developer and downloads. This index holds them beside the DID, so each
 * is read from the index alone rather than from the app's row too (PostgreSQL includes them;
 * SQLite, which has no INCLUDE, keys them after the DID).
 */
const FACTS = ['owner_did', 'downloads', 'visibility', 'blocked_at', 'category', 'current_version'];

export const appFactsIndex: Migration = {
  async up(db) {
    const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const columns = isPostgres ? `(did) INCLUDE (${FACTS.join(', ')})` : `(did, ${FACTS.join(', ')})`;
    await sql.raw(`CREATE INDEX store_apps_facts_idx ON store_apps ${columns}`).execute(db);
  },
};

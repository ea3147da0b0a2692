import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * A test clock advances in steps, one due moment at a time, each committed with what it did, so
 * the dashboard can show the advance's progress and a node that stops mid-way leaves it to be
 * resumed (Stripe's `ready` / `advancing` / `internal_failure`). The advance holds a lease
 * (`advance_holder` until `advance_lease_until`, real time) so two nodes never step one clock.
 */
export const testClockAdvance: Migration = {
  async up(db) {
    await addColumn(db, 'test_clocks', 'status', 'text', 'ready');
    // The latest advance: from which frozen time to which, what it did, and why it stopped.
    await addColumn(db, 'test_clocks', 'advance_from', 'bigint');
    await addColumn(db, 'test_clocks', 'advance_to', 'bigint');
    await addColumn(db, 'test_clocks', 'advance_renewals', 'integer', 0);
    await addColumn(db, 'test_clocks', 'advance_attempts', 'integer', 0);
    await addColumn(db, 'test_clocks', 'advance_failure', 'text');
    await addColumn(db, 'test_clocks', 'advance_holder', 'text');
    await addColumn(db, 'test_clocks', 'advance_lease_until', 'bigint');
    // The worker looks for advances whose lease ran out; the dashboard lists clocks newest first.
    await db.schema
      .createIndex('test_clocks_advancing_idx')
      .on('test_clocks')
      .columns(['status', 'advance_lease_until'])
      .execute();
    // A clock's customers (its page, and each listed clock's count).
    await db.schema
      .createIndex('customers_test_clock_idx')
      .on('customers')
      .column('test_clock_id')
      .where(sql.ref('test_clock_id'), 'is not', null)
      .execute();
  },
};

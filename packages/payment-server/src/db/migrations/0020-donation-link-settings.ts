import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * A donation link belongs to the setting of the mount location that asked for it (null for a
 * link made without one), so an owner's edit of the setting reaches its links: they are found by
 * `setting_id`, hence its index. A supporter row keeps the invoice of their latest donation, which
 * the supporters list links to for that supporter alone.
 */
export const donationLinkSettings: Migration = {
  async up(db) {
    await addColumn(db, 'donation_links', 'setting_id', 'text');
    await db.schema
      .createIndex('donation_links_setting_idx')
      .on('donation_links')
      .column('setting_id')
      .execute();
    await addColumn(db, 'donation_supporters', 'last_invoice_id', 'text');
  },
};

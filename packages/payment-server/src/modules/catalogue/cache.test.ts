import { sql } from 'kysely';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRevision } from '@bazaar/server-kit';
import { CATALOGUE_REVISION, PRICE_CATALOGUE_COLUMNS } from '../../db/migrations/0013-catalogue-revision.ts';
import { DEMO } from '../../demo/seed.ts';
import { openPaymentTestKit, type PaymentTestKit } from '../../test-utils/payment-test-kit.ts';
import { logStatements } from '../../test-utils/statement-log.ts';
import { takeStock } from '../prices/service.ts';
import { createCatalogueCache } from './cache.ts';

describe.each(TEST_DIALECTS)('the catalogue revision on %s', (dialect) => {
  let kit: PaymentTestKit;
  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
  });
  afterEach(async () => {
    await kit.close();
  });

  const moves = async (change: () => Promise<unknown>) => {
    const before = await readRevision(kit.db, CATALOGUE_REVISION);
    await change();
    return (await readRevision(kit.db, CATALOGUE_REVISION)) > before;
  };

  it('moves on every write to a catalogue table, by any writer', async () => {
    const { db } = kit;
    expect(await moves(() => db.updateTable('payment_links').set({ name: 'Renamed' }).execute())).toBe(true);
    expect(await moves(() => db.updateTable('products').set({ name: 'Renamed' }).execute())).toBe(true);
    expect(await moves(() => db.updateTable('payment_methods').set({ name: 'Renamed' }).execute())).toBe(
      true,
    );
    expect(await moves(() => db.updateTable('payment_currencies').set({ active: 1 }).execute())).toBe(true);
    expect(
      await moves(() => db.deleteFrom('payment_links').where('id', '=', DEMO.bundleLinkId).execute()),
    ).toBe(true);
    expect(
      await moves(() =>
        db.updateTable('prices').set({ nickname: 'n' }).where('id', '=', DEMO.licensePriceId).execute(),
      ),
    ).toBe(true);
  });

  it('stays when stock sells: a sale changes no price', async () => {
    expect(await moves(() => takeStock(kit.db, DEMO.posterPriceId, 1))).toBe(false);
  });

  it('moves on a change to any column of prices but quantity_sold', async () => {
    const columns =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`SELECT name FROM pragma_table_info('prices')`.execute(kit.db)).rows
        : (
            await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
              WHERE table_name = 'prices' AND table_schema = current_schema()`.execute(kit.db)
          ).rows;
    const names = columns
      .map((column) => column.name)
      .filter((name) => name !== 'id' && name !== 'quantity_sold');
    expect([...names].sort()).toEqual([...PRICE_CATALOGUE_COLUMNS].sort());
  });
});

describe.each(TEST_DIALECTS)('the catalogue cache on %s', (dialect) => {
  let kit: PaymentTestKit;
  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
  });
  afterEach(async () => {
    await kit.close();
  });

  it('answers from memory while the catalogue is unchanged: one read for the revision', async () => {
    const cache = createCatalogueCache();
    const first = await cache.read(kit.db);
    await first.paymentLink(DEMO.oneTimeLinkId);
    await first.prices([DEMO.monthlyPriceId]);
    await first.paymentMethods(false);

    const { db, statements } = logStatements(kit.db);
    const second = await cache.read(db);
    const link = await second.paymentLink(DEMO.oneTimeLinkId);
    const prices = await second.prices([DEMO.monthlyPriceId]);
    const methods = await second.paymentMethods(false);
    expect(statements).toEqual(['select catalogue_revision']);
    expect(link?.link.id).toBe(DEMO.oneTimeLinkId);
    expect([...prices.keys()]).toContain(DEMO.monthlyPriceId);
    expect(methods.map((method) => method.id)).toContain(DEMO.cardMethodId);
  });

  it('sees a change written behind its back (SQL, another node) on the next read', async () => {
    const cache = createCatalogueCache();
    expect((await (await cache.read(kit.db)).paymentLink(DEMO.oneTimeLinkId))?.link.active).toBe(true);
    await kit.db
      .updateTable('payment_links')
      .set({ active: 0 })
      .where('id', '=', DEMO.oneTimeLinkId)
      .execute();
    expect((await (await cache.read(kit.db)).paymentLink(DEMO.oneTimeLinkId))?.link.active).toBe(false);
  });

  it('keeps nothing a transaction read, so a rolled-back change never shows', async () => {
    const cache = createCatalogueCache();
    await kit.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('products').set({ name: 'Never sold' }).execute();
        const prices = await (await cache.read(trx)).prices([DEMO.licensePriceId]);
        expect(prices.get(DEMO.licensePriceId)?.product.name).toBe('Never sold');
        throw new Error('roll back');
      })
      .catch(() => {});
    const prices = await (await cache.read(kit.db)).prices([DEMO.licensePriceId]);
    expect(prices.get(DEMO.licensePriceId)?.product.name).not.toBe('Never sold');
  });

  it('answers limited stock as it stands now, though sales leave the catalogue cached', async () => {
    const cache = createCatalogueCache();
    const sold = async () =>
      (await (await cache.read(kit.db)).prices([DEMO.posterPriceId])).get(DEMO.posterPriceId)?.quantity_sold;
    expect(await sold()).toBe(0);
    await takeStock(kit.db, DEMO.posterPriceId, 2);
    expect(await sold()).toBe(2);
  });

  it('answers prices with the prices they upsell to, frozen', async () => {
    const cache = createCatalogueCache();
    for (let round = 0; round < 2; round += 1) {
      const prices = await (await cache.read(kit.db)).prices([DEMO.monthlyPriceId]);
      expect([...prices.keys()].sort()).toEqual([DEMO.monthlyPriceId, DEMO.yearlyPriceId].sort());
      expect(Object.isFrozen(prices.get(DEMO.monthlyPriceId)?.product)).toBe(true);
    }
  });
});

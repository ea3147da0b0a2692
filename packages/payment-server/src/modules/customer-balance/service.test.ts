import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { openPaymentTestKit, type PaymentTestKit } from '../../test-utils/payment-test-kit.ts';
import { insertPlanPrice, makeSubscription, MONTHLY } from '../../test-utils/subscription-builders.ts';
import { getCustomerCredit, listCustomerCredits, recordBalanceTransactions } from './service.ts';

describe.each(TEST_DIALECTS)('customer credit on %s', (dialect) => {
  let kit: PaymentTestKit;
  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
  });
  afterEach(async () => {
    await kit.close();
  });

  it('sums the signed ledger per currency and mode; credit is the negative of the sum', async () => {
    await insertPlanPrice(kit, { id: 'price_basic', unitAmount: 3000n, interval: 'month' });
    const { customerId, subscriptionId } = await makeSubscription(kit, {
      items: [{ priceId: 'price_basic', recurrence: MONTHLY }],
    });
    const usd = { customerId, currencyId: DEMO.usdCurrencyId, livemode: false };
    const entry = { invoiceId: null, subscriptionId, now: kit.clock.now() };
    await recordBalanceTransactions(kit.db, usd, [
      { ...entry, amount: -1500n, type: 'proration_credit' },
      { ...entry, amount: 400n, type: 'applied_to_invoice' },
      { ...entry, amount: 0n, type: 'applied_to_invoice' },
    ]);
    await recordBalanceTransactions(kit.db, { ...usd, currencyId: DEMO.eurCurrencyId }, [
      { ...entry, amount: -99n, type: 'proration_credit' },
    ]);

    expect(await getCustomerCredit(kit.db, usd)).toBe(1100n);
    expect(await getCustomerCredit(kit.db, { ...usd, currencyId: DEMO.eurCurrencyId })).toBe(99n);
    expect(await getCustomerCredit(kit.db, { ...usd, livemode: true })).toBe(0n);
    expect(await listCustomerCredits(kit.db, customerId)).toEqual(
      [
        { currencyId: DEMO.usdCurrencyId, amount: 1100n },
        { currencyId: DEMO.eurCurrencyId, amount: 99n },
      ].sort((a, b) => (a.currencyId < b.currencyId ? -1 : 1)),
    );
    const rows = await kit.db.selectFrom('customer_balance_transactions').select('amount').execute();
    expect(rows).toHaveLength(3);
  });

  it('reads a balance that is not credit as none', async () => {
    await insertPlanPrice(kit, { id: 'price_basic', unitAmount: 3000n, interval: 'month' });
    const { customerId } = await makeSubscription(kit, {
      items: [{ priceId: 'price_basic', recurrence: MONTHLY }],
    });
    const usd = { customerId, currencyId: DEMO.usdCurrencyId, livemode: false };
    await recordBalanceTransactions(kit.db, usd, [
      { amount: 10n, type: 'applied_to_invoice', invoiceId: null, subscriptionId: null, now: 1 },
    ]);
    expect(await getCustomerCredit(kit.db, usd)).toBe(0n);
    expect(await listCustomerCredits(kit.db, customerId)).toEqual([]);
  });
});

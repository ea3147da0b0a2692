import { explainQueryPlans, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentDb } from '../../db/tables.ts';
import { openPaymentTestKit, TEST_NOW, type PaymentTestKit } from '../../test-utils/payment-test-kit.ts';
import { hasPastDueInvoices } from './service.ts';

describe.each(TEST_DIALECTS)('looking for past-due invoices on %s', (dialect) => {
  let kit: PaymentTestKit;
  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
  });
  afterEach(async () => {
    await kit.close();
  });

  // Every submit asks it, and a customer's paid invoices pile up: walking them all grew with each
  // sale. SQLite plans by rule, so its plan must seek both columns; PostgreSQL weighs the index's
  // columns by its statistics, which an empty test table does not have: either index of the
  // customer's invoices is a seek there.
  it('seeks the customer’s open and uncollectible invoices through the status index', async () => {
    const plans = await explainQueryPlans(kit.database, (db) =>
      hasPastDueInvoices(db as PaymentDb, { customerId: 'cus_any', livemode: false, now: TEST_NOW }),
    );
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(
      dialect === 'sqlite'
        ? /invoices_customer_status_idx \(customer_id=\? AND status=\?\)/
        : /Index Scan using invoices_customer_(status|newest)_idx/,
    );
  });
});

import { createPeriodicJob, type PeriodicJob } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentDeps } from '../deps.ts';
import type { PaymentDb } from '../db/tables.ts';
import { takePaidInvoicesToRollUp } from '../modules/invoices/repository.ts';
import { sumOf } from '../modules/metrics/exact-sum.ts';
import {
  addToPaymentDay,
  addToPriceDay,
  sumPaymentDaysOfIntents,
  sumPriceDaysOfInvoices,
} from '../modules/metrics/repository.ts';
import { takeSucceededPaymentsToRollUp } from '../modules/payment-intents/repository.ts';

/** Rows a transaction: each batch adds to a few day rows. */
export const METRICS_ROLLUP_BATCH_SIZE = 500;
export const METRICS_ROLLUP_INTERVAL_MS = 1_000;

/**
 * Runs `rollUpBatch` a transaction at a time until a batch comes short: each marks the rows it
 * takes and adds them to their days together, so a row is counted in a rollup exactly when it is
 * marked. Answers how many rows it added.
 */
async function rollUpInBatches(
  deps: Pick<PaymentDeps, 'db'>,
  rollUpBatch: (trx: PaymentDb) => Promise<number>,
): Promise<number> {
  let added = 0;
  for (;;) {
    const taken = await deps.db.transaction().execute(rollUpBatch);
    added += taken;
    if (taken < METRICS_ROLLUP_BATCH_SIZE) return added;
  }
}

/** Adds the lines of paid invoices not yet rolled up to their prices' days (`metrics_price_days`). */
export function rollUpPriceRevenue(deps: Pick<PaymentDeps, 'db'>): Promise<number> {
  return rollUpInBatches(deps, async (trx) => {
    const ids = await takePaidInvoicesToRollUp(trx, METRICS_ROLLUP_BATCH_SIZE);
    if (ids.length === 0) return 0;
    const days = await sumPriceDaysOfInvoices(trx, ids);
    // In key order, so two nodes adding to the same days wait for each other, never deadlock.
    days.sort((a, b) =>
      compareKeys(
        [a.livemode, a.day, a.currency_id, a.price_id, a.is_credit],
        [b.livemode, b.day, b.currency_id, b.price_id, b.is_credit],
      ),
    );
    for (const { livemode, currency_id, day, price_id, is_credit, ...sum } of days) {
      await addToPriceDay(trx, { livemode, currency_id, day, price_id, is_credit, amount: sumOf(sum) });
    }
    return ids.length;
  });
}

/** Adds succeeded payments not yet rolled up to their days (`metrics_payment_days`). */
export function rollUpPaymentVolume(deps: Pick<PaymentDeps, 'db'>): Promise<number> {
  return rollUpInBatches(deps, async (trx) => {
    const ids = await takeSucceededPaymentsToRollUp(trx, METRICS_ROLLUP_BATCH_SIZE);
    if (ids.length === 0) return 0;
    const days = await sumPaymentDaysOfIntents(trx, ids);
    days.sort((a, b) => compareKeys([a.livemode, a.day, a.currency_id], [b.livemode, b.day, b.currency_id]));
    for (const { livemode, day, currency_id, count, ...sum } of days) {
      await addToPaymentDay(trx, { livemode, day, currency_id, count, amount: sumOf(sum) });
    }
    return ids.length;
  });
}

/** Both rollups, as the job runs them. */
export async function rollUpMetrics(deps: Pick<PaymentDeps, 'db'>): Promise<number> {
  return (await rollUpPaymentVolume(deps)) + (await rollUpPriceRevenue(deps));
}

/** Orders two primary keys of a rollup table, column by column. */
function compareKeys(a: readonly (number | string)[], b: readonly (number | string)[]): number {
  for (let index = 0; index < a.length; index++) {
    if (a[index]! < b[index]!) return -1;
    if (a[index]! > b[index]!) return 1;
  }
  return 0;
}

/** The rollups every second, started and stopped with the kit. */
export function createMetricsRollup(deps: PaymentDeps, logger: FastifyBaseLogger): PeriodicJob {
  return createPeriodicJob({
    task: () => rollUpMetrics(deps),
    intervalMs: METRICS_ROLLUP_INTERVAL_MS,
    logger,
    failureMessage: 'Rolling up the dashboard figures failed; the next run tries again',
  });
}

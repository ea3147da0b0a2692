import { createPeriodicJob, type PeriodicJob } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentDeps } from '../deps.ts';
import { takePaidInvoicesToRollUp } from '../modules/invoices/repository.ts';
import { sumOf } from '../modules/metrics/exact-sum.ts';
import { addToPriceDay, sumPriceDaysOfInvoices } from '../modules/metrics/repository.ts';

/** Invoices a transaction: each adds its lines to a few day rows. */
export const PRICE_REVENUE_BATCH_SIZE = 500;
export const PRICE_REVENUE_INTERVAL_MS = 1_000;

/**
 * Adds the lines of paid invoices not yet rolled up to their prices' days (`metrics_price_days`),
 * a batch a transaction: the invoices are marked and their sums added together, so an invoice
 * is counted in the rollup exactly when it is marked. Answers how many invoices it added.
 */
export async function rollUpPriceRevenue(deps: Pick<PaymentDeps, 'db'>): Promise<number> {
  let added = 0;
  for (;;) {
    const taken = await deps.db.transaction().execute(async (trx) => {
      const ids = await takePaidInvoicesToRollUp(trx, PRICE_REVENUE_BATCH_SIZE);
      if (ids.length === 0) return 0;
      const days = await sumPriceDaysOfInvoices(trx, ids);
      // In key order, so two nodes adding to the same days wait for each other, never deadlock.
      days.sort((a, b) => compareKeys(dayKey(a), dayKey(b)));
      for (const { livemode, currency_id, day, price_id, is_credit, ...sum } of days) {
        await addToPriceDay(trx, { livemode, currency_id, day, price_id, is_credit, amount: sumOf(sum) });
      }
      return ids.length;
    });
    added += taken;
    if (taken < PRICE_REVENUE_BATCH_SIZE) return added;
  }
}

type DayKey = [number, number, string, string, number];

/** The primary key of `metrics_price_days`, in its column order. */
function dayKey(row: {
  livemode: number;
  day: number;
  currency_id: string;
  price_id: string;
  is_credit: number;
}): DayKey {
  return [row.livemode, row.day, row.currency_id, row.price_id, row.is_credit];
}

function compareKeys(a: DayKey, b: DayKey): number {
  for (let index = 0; index < a.length; index++) {
    if (a[index]! < b[index]!) return -1;
    if (a[index]! > b[index]!) return 1;
  }
  return 0;
}

/** The rollup every second, started and stopped with the kit. */
export function createPriceRevenueRollup(deps: PaymentDeps, logger: FastifyBaseLogger): PeriodicJob {
  return createPeriodicJob({
    task: () => rollUpPriceRevenue(deps),
    intervalMs: PRICE_REVENUE_INTERVAL_MS,
    logger,
    failureMessage: 'Rolling up the revenue of prices failed; the next run tries again',
  });
}

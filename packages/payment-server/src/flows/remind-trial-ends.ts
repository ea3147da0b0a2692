import type { PaymentDeps } from '../deps.ts';
import { fromFlag } from '../db/json.ts';
import { recordEventsOfEachMode } from '../modules/events/service.ts';
import { claimTrialReminderRows } from '../modules/subscriptions/repository.ts';

const REMINDER_BATCH_SIZE = 500;

/**
 * Announces `customer.subscription.trial_will_end` for every trial of this clock (or real time)
 * ending within three days of `now`, once per subscription: the reminder is marked in the same
 * transaction that writes the event. Returns how many it announced.
 */
export async function remindTrialEnds(
  deps: PaymentDeps,
  input: { now: number; testClockId: string | null },
): Promise<number> {
  let reminded = 0;
  for (;;) {
    const count = await deps.db.transaction().execute(async (trx) => {
      const rows = await claimTrialReminderRows(trx, { ...input, limit: REMINDER_BATCH_SIZE });
      await recordEventsOfEachMode(trx, {
        now: input.now,
        events: rows.map((row) => ({
          livemode: fromFlag(row.livemode),
          payload: {
            type: 'customer.subscription.trial_will_end',
            data: { id: row.id, customer_id: row.customer_id, status: row.status },
          },
        })),
      });
      return rows.length;
    });
    reminded += count;
    if (count < REMINDER_BATCH_SIZE) break;
  }
  if (reminded > 0) await deps.flushEvents();
  return reminded;
}

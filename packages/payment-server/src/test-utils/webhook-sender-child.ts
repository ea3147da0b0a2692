/**
 * A webhook sender in a process of its own, for crash tests: sends what is due at `now` and
 * exits, unless the test kills it first.
 *
 *   node webhook-sender-child.ts <sqlite file | postgres schema> <now>
 */
import { createManualClock } from '@bazaar/server-kit';
import { openTestTarget } from '@bazaar/server-kit/testing';
import type { PaymentDb } from '../db/tables.ts';
import { deliverDueWebhooks } from '../modules/webhooks/delivery.ts';

const [target, nowArgument] = process.argv.slice(2);
const database = await openTestTarget(target!);
await deliverDueWebhooks({
  db: database.db as PaymentDb,
  clock: createManualClock(Number(nowArgument)),
  webhooks: { allowPrivateAddresses: true, timeoutMs: 10_000 },
});
await database.close();
process.stdout.write('done\n');

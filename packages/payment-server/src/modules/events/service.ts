import { newId, type EventPayload } from '@bazaar/schemas';
import type { Clock } from '@bazaar/server-kit';
import { toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { insertEventRows, nextEventPosition } from './repository.ts';

/**
 * Writes events into the outbox, in the order given. Call it inside the transaction that made
 * the change, so the events exist exactly when the change does; the dispatcher relays them after commit.
 */
export async function recordEvents(
  db: PaymentDb,
  clock: Clock,
  input: { payloads: readonly EventPayload[]; livemode: boolean },
): Promise<void> {
  const now = clock.now();
  // A transaction may record events in several calls: each continues where the last stopped.
  const start = await nextEventPosition(db, now);
  await insertEventRows(
    db,
    input.payloads.map((payload, index) => ({
      id: newId('event'),
      type: payload.type,
      data: JSON.stringify(payload.data),
      livemode: toFlag(input.livemode),
      created_at: now,
      position: start + index,
      relayed_at: null,
    })),
  );
}

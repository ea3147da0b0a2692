import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createManualClock, migrate } from '@bazaar/server-kit';
import { openTestDatabase, TEST_DIALECTS, type TestDatabase } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentMigrations } from '../../db/migrations/index.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { TEST_NOW } from '../../test-utils/payment-test-kit.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-utils/webhook-receiver.ts';
import { recordEvents } from '../events/service.ts';
import { deliverDueWebhooks, webhookLeaseSeconds } from './delivery.ts';
import { createWebhookEndpoint, listWebhookDeliveries } from './service.ts';

const CHILD = join(import.meta.dirname, '../../test-utils/webhook-sender-child.ts');

describe.each(TEST_DIALECTS)('a webhook sender killed with SIGKILL on %s', (dialect) => {
  let database: TestDatabase;
  let target: string;
  let receiver: WebhookReceiver;

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    target = database.target;
    await migrate(database, 'payment_kit', paymentMigrations);
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    await database.close();
  });

  it('loses nothing when it dies mid-delivery: the lease runs out and the next sender delivers it', async () => {
    const db = database.db as PaymentDb;
    const deps = {
      db,
      clock: createManualClock(TEST_NOW),
      webhooks: { allowPrivateAddresses: true, timeoutMs: 10_000 },
    };
    const endpoint = await createWebhookEndpoint(deps, {
      livemode: false,
      url: receiver.url,
      enabled_events: ['*'],
      description: null,
      metadata: {},
    });
    await db.transaction().execute((trx) =>
      recordEvents(trx, {
        now: TEST_NOW,
        livemode: false,
        payloads: [
          { type: 'invoice.paid', data: { id: 'in_crash', customer_id: 'cus_crash', subscription_id: null } },
        ],
      }),
    );

    // The first delivery hangs at the receiver; the sender is killed while it waits.
    const arrived = new Promise<void>((resolve) => {
      receiver.answer = () => {
        resolve();
        return receiver.received.length === 1 ? 'hang' : 200;
      };
    });
    const child = spawn(process.execPath, [CHILD, target, String(TEST_NOW)], { stdio: 'ignore' });
    await arrived;
    child.kill('SIGKILL');
    const [, signal] = (await once(child, 'exit')) as [number | null, string | null];
    expect(signal).toBe('SIGKILL');

    // Leased to the dead sender: nobody sends it again until the lease runs out.
    expect(await deliverDueWebhooks(deps)).toBe(0);
    deps.clock.advance(webhookLeaseSeconds(deps.webhooks.timeoutMs) - 1);
    expect(await deliverDueWebhooks(deps)).toBe(0);
    deps.clock.advance(1);
    expect(await deliverDueWebhooks(deps)).toBe(1);

    const [first, second] = receiver.received;
    expect(second?.event.id).toBe(first?.event.id);
    const { list } = await listWebhookDeliveries(db, endpoint.id, { page: 1, pageSize: 10 });
    expect(list).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        attempt_count: 1,
        attempts: [expect.objectContaining({ status: 'succeeded' })],
      }),
    ]);
  });
});

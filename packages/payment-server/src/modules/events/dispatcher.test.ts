import { eventsChannel, type RelayEvent } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openPaymentTestKit,
  recordedPayloads,
  TEST_APP_ID,
  type PaymentTestKit,
} from '../../test-utils/payment-test-kit.ts';
import { createOutboxDispatcher } from './dispatcher.ts';
import { recordEvents } from './service.ts';

describe.each(TEST_DIALECTS)('event outbox on %s', (dialect) => {
  let kit: PaymentTestKit;

  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
  });
  afterEach(async () => {
    await kit.close();
  });

  const expired = (id: string) => ({ type: 'checkout.session.expired' as const, data: { id } });

  /** A dispatcher whose relay keeps what it is given, once `check` (which may throw) passed it. */
  function recordingOutbox(check: (channel: string) => void = () => {}) {
    const received: RelayEvent[] = [];
    const outbox = createOutboxDispatcher({
      db: kit.db,
      clock: kit.clock,
      appId: TEST_APP_ID,
      logger: Fastify().log,
      relay: {
        publish(channel, deliveries) {
          check(channel);
          received.push(...deliveries.map(({ event }) => event));
        },
      },
    });
    return { received, outbox };
  }

  it('relays committed events in order, once, and keeps them when the relay fails', async () => {
    let isRelayDown = true;
    const { received, outbox } = recordingOutbox((channel) => {
      if (isRelayDown) throw new Error('relay down');
      expect(channel).toBe(eventsChannel(TEST_APP_ID));
    });
    await recordEvents(kit.db, {
      now: kit.clock.now(),
      livemode: false,
      payloads: [expired('cs_1'), expired('cs_2')],
    });

    await outbox.flush();
    expect(received).toEqual([]);

    isRelayDown = false;
    await Promise.all([outbox.flush(), outbox.flush()]);
    expect(received.map((event) => event.data.id)).toEqual(['cs_1', 'cs_2']);
    expect(received[0]).toMatchObject({
      type: 'checkout.session.expired',
      livemode: false,
      created: kit.clock.now(),
    });

    await outbox.flush();
    expect(received).toHaveLength(2);
  });

  // Several nodes share PostgreSQL only: SQLite is one process's file.
  it.skipIf(dialect === 'sqlite')(
    'relays each event once when two nodes flush at the same time',
    async () => {
      // Two dispatchers on one database, as two nodes are; a slow relay keeps each batch in flight.
      const received: string[] = [];
      const outboxes = [0, 1].map(() =>
        createOutboxDispatcher({
          db: kit.db,
          clock: kit.clock,
          appId: TEST_APP_ID,
          logger: Fastify().log,
          relay: {
            async publish(_channel, deliveries) {
              await new Promise((resolve) => setTimeout(resolve, 20));
              received.push(...deliveries.map(({ event }) => event.data.id));
            },
          },
        }),
      );
      const ids = Array.from({ length: 250 }, (_, index) => `cs_${index}`);
      await recordEvents(kit.db, { now: kit.clock.now(), livemode: false, payloads: ids.map(expired) });

      await Promise.all(outboxes.map((outbox) => outbox.flush()));
      expect([...received].sort()).toEqual([...ids].sort());
    },
  );

  it('keeps the order of events written by several calls in one transaction', async () => {
    const { received, outbox } = recordingOutbox();
    const ids = Array.from({ length: 12 }, (_, index) => `cs_${index}`);
    await kit.db.transaction().execute(async (trx) => {
      for (const id of ids)
        await recordEvents(trx, { now: kit.clock.now(), livemode: false, payloads: [expired(id)] });
    });

    await outbox.flush();
    expect(received.map((event) => event.data.id)).toEqual(ids);
  });

  it('sweeps on start, so events written before a crash still go out', async () => {
    await recordEvents(kit.db, {
      now: kit.clock.now(),
      livemode: true,
      payloads: [expired('cs_before_restart')],
    });
    const { received, outbox } = recordingOutbox();
    outbox.start();
    await outbox.stop();
    expect(received.map((event) => event.data.id)).toEqual(['cs_before_restart']);
  });

  it('relays ids only: the details stay in the outbox for webhooks', async () => {
    const failed = {
      type: 'invoice.payment_failed' as const,
      data: {
        id: 'in_1',
        customer_id: 'cus_1',
        subscription_id: 'sub_1',
        attempt_count: 2,
        next_payment_attempt: 1_800_086_400,
        code: 'card_declined',
      },
    };
    await recordEvents(kit.db, { now: kit.clock.now(), livemode: false, payloads: [failed] });
    const { received, outbox } = recordingOutbox();
    await outbox.flush();

    expect(received).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        type: 'invoice.payment_failed',
        livemode: false,
        created: kit.clock.now(),
        data: { id: 'in_1', customer_id: 'cus_1', subscription_id: 'sub_1' },
      },
    ]);
    expect(await recordedPayloads(kit.db)).toEqual([failed]);
  });
});

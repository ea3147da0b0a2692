import { createPaymentKit, DEMO } from '@bazaar/payment-server';
import type { EventObject, EventSubscriber } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { payTestCheckout, startTestCheckout } from './test-checkouts.ts';
import { createTestPlatform, type TestPlatform } from './testing.ts';

describe.each(TEST_DIALECTS)('a component subscribed to the Payment Kit on %s', (dialect) => {
  let platform: TestPlatform | undefined;
  afterEach(async () => {
    await platform?.close();
  });

  it('hears of a paid checkout from the kit, in-process, without reading its tables', async () => {
    const heard: EventObject[] = [];
    const subscriber: EventSubscriber = {
      name: 'store',
      events: ['checkout.session.completed'],
      handle: async (event) => {
        heard.push(event);
      },
    };
    platform = await createTestPlatform(dialect, {
      listen: true,
      components: (deps) => {
        const kit = createPaymentKit(deps);
        kit.subscribe(subscriber);
        return [kit];
      },
    });
    const payer = await platform.signIn('payer@example.com');
    const session = await startTestCheckout(platform.app, DEMO.oneTimeLinkId, payer.cookie);
    await payTestCheckout(platform.app, session, { cookie: payer.cookie, email: 'payer@example.com' });

    await expect.poll(() => heard.map((event) => event.object_id), { timeout: 10_000 }).toEqual([session.id]);
    expect(heard[0]).toMatchObject({ type: 'checkout.session.completed', data: { payment_status: 'paid' } });
  });
});

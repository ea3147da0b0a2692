import {
  CHECKOUT_SECRET_HEADER,
  donationSchema,
  donationSupportersSchema,
  type SupporterDisplay,
} from '@bazaar/schemas';
import { STORE_HOME_DONATION } from '@bazaar/store';
import type { FastifyInstance } from 'fastify';
import { payTestCheckout, startTestCheckout } from './test-checkouts.ts';

const API = '/payment-kit/api';

/** Three guests tip the Store, one with each privacy choice, in cents. */
const DEMO_DONORS: Array<{ name: string; email: string; display: SupporterDisplay; amount: string }> = [
  { name: 'Ada Lovelace', email: 'ada@demo.bazaar.test', display: 'public', amount: '1000' },
  { name: 'Grace Hopper', email: 'grace@demo.bazaar.test', display: 'name_only', amount: '500' },
  { name: 'Alan Turing', email: 'alan@demo.bazaar.test', display: 'anonymous', amount: '100' },
];

async function call(
  app: FastifyInstance,
  request: {
    method: 'GET' | 'POST' | 'PUT';
    url: string;
    payload?: object;
    headers?: Record<string, string>;
  },
): Promise<unknown> {
  const response = await app.inject(request);
  if (response.statusCode !== 200) {
    throw new Error(`${request.method} ${request.url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

/**
 * Test mode's demo supporters on the Store's home page: three guests donate through the same
 * public calls a visitor's page makes (checkout, custom amount, donate-submit, the test card), so
 * the supporters list, totals and events are the real ones. Runs once: a jar with supporters is
 * left alone.
 */
export async function seedDemoDonations(app: FastifyInstance): Promise<void> {
  const { target, mountLocation, componentDid, description } = STORE_HOME_DONATION;
  const existing = donationSupportersSchema.parse(
    await call(app, {
      method: 'GET',
      url: `${API}/donations?target=${encodeURIComponent(target)}&livemode=false`,
    }),
  );
  if (existing.count > 0) return;
  await call(app, {
    method: 'POST',
    url: `${API}/settings`,
    payload: { type: 'donate', mountLocation, componentDid, description, livemode: false },
  });
  const { payment_link_id: linkId } = donationSchema.parse(
    await call(app, {
      method: 'POST',
      url: `${API}/donations?livemode=false`,
      payload: { target, description, mountLocation },
    }),
  );
  for (const donor of DEMO_DONORS) {
    const session = await startTestCheckout(app, linkId);
    await call(app, {
      method: 'PUT',
      url: `${API}/checkout-sessions/${session.id}/amount`,
      headers: { [CHECKOUT_SECRET_HEADER]: session.secret },
      payload: { priceId: session.priceIds[0], amount: donor.amount },
    });
    await payTestCheckout(app, session, {
      email: donor.email,
      name: donor.name,
      supporterDisplay: donor.display,
    });
  }
}

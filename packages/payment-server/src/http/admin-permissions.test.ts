import { errorEnvelopeSchema, type Role } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../providers/test-card-network.ts';
import { asRole } from '../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit } from '../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../test-utils/payment-test-app.ts';
import { saveTestCustomer } from '../test-utils/payment-test-kit.ts';
import { adminOnly } from './admin-only.ts';
import { OPENAPI_PATH } from './openapi.ts';

/**
 * Issue 17: the admin API answers only owner, admin and platform developer passports. The admin
 * routes are read from what the kit registers (those carrying `adminOnly`), so a route added
 * later is checked without anyone listing it here; a route without `adminOnly` must be named
 * below as open on purpose, or the first test fails.
 */

const CHECKOUT =
  'the checkout page: any caller until submitted, then its payer (checkout-sessions/access.ts)';
const PAYERS_OWN = "a payer's own, found by their DID; an admin's reach everyone's";
const CARD_STEP = "the payer's card step: the intent's client secret authorises it";
const DONATION_WIDGET = 'the donation widget, on any page';

/** The routes any caller passes the role check of, each with whom it serves; every other is admin-only. */
const OPEN_ROUTES: Record<string, string> = {
  [`GET ${OPENAPI_PATH}`]: 'anyone: the API described',
  'GET /settings': 'the checkout page: the active payment methods',
  'POST /checkout-sessions/start/{paymentLinkId}': CHECKOUT,
  'GET /checkout-sessions/retrieve/{id}': CHECKOUT,
  'PUT /checkout-sessions/{id}/submit': CHECKOUT,
  'PUT /checkout-sessions/{id}/donate-submit': CHECKOUT,
  'PUT /checkout-sessions/{id}/chain-transaction': CHECKOUT,
  'PUT /checkout-sessions/{id}/upsell': CHECKOUT,
  'PUT /checkout-sessions/{id}/downsell': CHECKOUT,
  'GET /checkout-sessions/{id}/cross-sell': CHECKOUT,
  'PUT /checkout-sessions/{id}/cross-sell': CHECKOUT,
  'DELETE /checkout-sessions/{id}/cross-sell': CHECKOUT,
  'PUT /checkout-sessions/{id}/amount': CHECKOUT,
  'POST /test-card/payment-intents/{id}/confirm': CARD_STEP,
  'POST /test-card/payment-intents/{id}/authenticate': CARD_STEP,
  'POST /stripe/payment-intents/{id}/confirm': CARD_STEP,
  'POST /stripe/webhooks/{methodId}': "Stripe, proven by the event's signature",
  'GET /customers/me': "the signed-in user's own customer",
  'PUT /customers/me': "the signed-in user's own customer",
  'GET /customers/{id}/overdue/invoices': PAYERS_OWN,
  'GET /subscriptions/{id}/overdue/invoices': PAYERS_OWN,
  'GET /invoices': PAYERS_OWN,
  'GET /invoices/{id}': PAYERS_OWN,
  'GET /invoices/{id}/pdf': PAYERS_OWN,
  'POST /invoices/{id}/pay': PAYERS_OWN,
  'POST /invoices/collect-batch': PAYERS_OWN,
  'GET /payment-intents': PAYERS_OWN,
  'GET /refunds': PAYERS_OWN,
  'GET /subscriptions': PAYERS_OWN,
  'GET /subscriptions/{id}': PAYERS_OWN,
  'GET /subscriptions/{id}/change-plan/options': PAYERS_OWN,
  'POST /subscriptions/{id}/change-plan/preview': PAYERS_OWN,
  'PUT /subscriptions/{id}/change-plan': PAYERS_OWN,
  'POST /subscriptions/{id}/payment-method': PAYERS_OWN,
  'PUT /subscriptions/{id}/cancel': PAYERS_OWN,
  'PUT /subscriptions/{id}/resume': PAYERS_OWN,
  'PUT /subscriptions/{id}/recover': PAYERS_OWN,
  'POST /settings': `${DONATION_WIDGET}: its mount location's setting, made from defaults`,
  'POST /donations': `${DONATION_WIDGET}: its target's donation link`,
  'GET /donations': `${DONATION_WIDGET}: the supporters, as each chose to appear`,
  'GET /payment-links/{id}/benefits': `${DONATION_WIDGET}: who receives a donation link's tips`,
};

const MEMBER = 'did:bazaar:usr_member';
/**
 * A Store developer: registered in the Store, which the kit knows only as a payer (their stake is
 * a checkout of the kit's), and holding a member passport like anyone the platform did not promote.
 */
const STORE_DEVELOPER = 'did:bazaar:usr_store_developer';
const ADMIN_ROLES: readonly Role[] = ['owner', 'admin', 'developer'];

/** `METHOD /path` as the OpenAPI document writes it, one per method (fastify adds HEAD to each GET). */
function routeKeys(route: RouteOptions): string[] {
  const path = route.url.slice(API.length).replace(/:(\w+)/g, '{$1}');
  return [route.method]
    .flat()
    .filter((method) => method !== 'HEAD')
    .map((method) => `${method} ${path}`);
}

function isAdminOnly(route: RouteOptions): boolean {
  return [route.onRequest ?? []].flat().includes(adminOnly.onRequest);
}

describe.each(TEST_DIALECTS)('who may call the kit’s admin routes on %s', (dialect) => {
  let t: PaymentTestApp;
  beforeAll(async () => {
    t = await openPaymentTestApp(dialect);
    await saveTestCustomer(t.deps, MEMBER);
    const stake = await startAndSubmit(t, STORE_DEVELOPER);
    const paid = await confirmCard(t, stake.intentId, stake.secret, TEST_CARDS.succeeds);
    expect(paid.statusCode, paid.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const adminRoutes = () => t.routes.filter(isAdminOnly);

  /** Calls each admin route as `headers` would; answers `METHOD /path → status code` for each. */
  async function callEveryAdminRoute(headers: Record<string, string>): Promise<Map<string, string>> {
    const answers = new Map<string, string>();
    for (const route of adminRoutes()) {
      for (const key of routeKeys(route)) {
        const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'];
        const response = await t.app.inject({
          method,
          // Path parameters get a value of no kind: a caller let through is refused on its own terms.
          url: route.url.replace(/:\w+/g, 'x'),
          headers,
          ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }),
        });
        const code = response.statusCode >= 400 ? errorEnvelopeSchema.parse(response.json()).error.code : '';
        answers.set(key, `${response.statusCode} ${code}`.trim());
      }
    }
    return answers;
  }

  it('registers every route either admin-only or open on purpose, never both', () => {
    const open = t.routes.filter((route) => !isAdminOnly(route)).flatMap(routeKeys);
    expect(open.sort()).toEqual(Object.keys(OPEN_ROUTES).sort());
    expect(adminRoutes().length).toBeGreaterThan(40);
  });

  it('asks a guest to sign in on every admin route', async () => {
    const answers = await callEveryAdminRoute({});
    expect([...answers].filter(([, answer]) => answer !== '401 UNAUTHENTICATED')).toEqual([]);
  });

  it.each([
    ['a member who is a customer', MEMBER],
    ['a Store developer holding a member passport', STORE_DEVELOPER],
  ])('refuses %s on every admin route', async (_, did) => {
    const answers = await callEveryAdminRoute(t.signedIn({ did }));
    expect([...answers].filter(([, answer]) => answer !== '403 FORBIDDEN')).toEqual([]);
  });

  it.each(ADMIN_ROLES)('lets %s passports through every admin route', async (role) => {
    const answers = await callEveryAdminRoute(asRole(t, role));
    const stopped = [...answers].filter(([, answer]) => /^(401|403|5\d\d) /.test(answer));
    expect(stopped).toEqual([]);
  });
});

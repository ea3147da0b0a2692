import {
  appPurchaseStateSchema,
  LICENCE_HEADER,
  licenceListSchema,
  licencePublicKeySchema,
  type AppPurchaseState,
} from '@bazaar/schemas';
import type { StoreDeps } from '@bazaar/store';
import { demoAppKey, recordAppPurchase } from '@bazaar/store/testing';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { importJWK, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payTestCheckout, startTestCheckout } from './test-checkouts.ts';
import { openStoreTestPlatform, type StoreTestPlatform } from './store-test-platform.ts';
import type { TestPlatform } from './testing.ts';

/**
 * Buying a paid app end to end on the real Payment Kit: the demo's Receipt OCR sells at 4.99 USD
 * through the kit's checkout, the Store hears of the payment from the kit's events and grants a
 * licence it signs, the download takes the licence, and a refund takes it back.
 */
describe.each(TEST_DIALECTS)('buying a paid app through the Payment Kit on %s', (dialect) => {
  let opened: StoreTestPlatform;
  let platform: TestPlatform;
  let storeDeps: StoreDeps;
  let owner: string;
  const did = demoAppKey('receipt-ocr').did;

  beforeEach(async () => {
    opened = await openStoreTestPlatform(dialect, { demoApps: true });
    ({ platform, storeDeps } = opened);
    owner = (await platform.signIn('owner@example.com')).cookie;
  });
  afterEach(async () => {
    await opened?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie?: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    platform.app.inject({
      method,
      url,
      headers: { origin: platform.baseUrl, ...headers, ...(cookie && { cookie }) },
      ...(payload && { payload }),
    });
  const state = async (cookie?: string): Promise<AppPurchaseState> => {
    const response = await call('GET', `/api/apps/${did}/purchase`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return appPurchaseStateSchema.parse(response.json());
  };
  const openCheckout = async (cookie: string) => {
    const response = await call('POST', `/api/apps/${did}/purchase`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ paymentLinkId: string }>().paymentLinkId;
  };
  async function buy(cookie: string, email: string) {
    const session = await startTestCheckout(platform.app, await openCheckout(cookie), cookie);
    await payTestCheckout(platform.app, session, { cookie, email, name: 'Bea Buyer' });
    await expect.poll(async () => (await state(cookie)).licence?.status, { timeout: 10_000 }).toBe('active');
    return session.id;
  }

  it('sells at the published price to a signed-in visitor, once, and signs the licence it grants', async () => {
    expect(await state()).toEqual({
      price: { amount: '4.99', currency: 'USD' },
      licence: null,
      owned: false,
    });
    expect((await call('POST', `/api/apps/${did}/purchase`)).statusCode).toBe(401);
    const { cookie } = await platform.signIn('bea@example.com');
    // One link for the same terms, whoever asks.
    const other = (await platform.signIn('carl@example.com')).cookie;
    expect(await openCheckout(cookie)).toBe(await openCheckout(other));

    const sessionId = await buy(cookie, 'bea@example.com');
    const { licence } = await state(cookie);
    expect(licence).toMatchObject({
      appDid: did,
      versionRange: '*',
      status: 'active',
      checkoutSessionId: sessionId,
    });
    const again = await call('POST', `/api/apps/${did}/purchase`, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_PURCHASED');

    // The kit delivers at least once: the same checkout heard again grants nothing more.
    await recordAppPurchase(storeDeps, sessionId);
    const licences = licenceListSchema.parse((await call('GET', '/api/licences', cookie)).json());
    expect(licences.count).toBe(1);
    const rows = await storeDeps.db.selectFrom('store_licences').selectAll().execute();
    // 30% of 499 cents is 149.7: the Store's part rounds down and the parts add up to the payment.
    expect(rows.map((row) => [row.amount_paid, row.store_amount, row.developer_amount])).toEqual([
      ['499', '149', '350'],
    ]);

    // The bundle: for the buyer signed in, or for whoever presents the licence (an installer).
    const bundle = (cookie?: string, licenceToken?: string) =>
      call(
        'GET',
        `/api/apps/${did}/bundle`,
        cookie,
        undefined,
        licenceToken ? { [LICENCE_HEADER]: licenceToken } : {},
      );
    expect((await bundle()).json().error.code).toBe('LICENCE_REQUIRED');
    expect((await bundle()).statusCode).toBe(402);
    expect((await bundle(other)).statusCode).toBe(402);
    expect((await bundle(cookie)).statusCode).toBe(200);
    expect((await bundle(undefined, licence!.token)).statusCode).toBe(200);
    const [header, claims, signature] = licence!.token.split('.');
    const widened = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(claims!, 'base64url').toString()),
        app: 'did:key:z6Mkother',
      }),
    ).toString('base64url');
    expect((await bundle(undefined, `${header}.${widened}.${signature}`)).statusCode).toBe(402);
    expect((await bundle(undefined, 'not-a-licence')).statusCode).toBe(402);

    // Anyone can check the receipt with the Store's public key.
    const { issuer, jwk } = licencePublicKeySchema.parse(
      (await call('GET', '/api/licences/public-key')).json(),
    );
    const { payload } = await jwtVerify(licence!.token, await importJWK(jwk, 'EdDSA'), { issuer });
    expect(payload).toMatchObject({ app: did, versions: '*', jti: licence!.id, sub: licence!.buyerDid });
  });

  it('refuses to sell a free app, and to the app’s own managers, who download without a licence', async () => {
    const free = demoAppKey('cron-dashboard').did;
    const response = await call('POST', `/api/apps/${free}/purchase`, owner);
    expect(response.json().error.code).toBe('APP_NOT_FOR_SALE');
    expect((await state(owner)).owned).toBe(true);
    expect((await call('POST', `/api/apps/${did}/purchase`, owner)).json().error.code).toBe(
      'ALREADY_PURCHASED',
    );
  });

  it('revokes the licence once the purchase is refunded whole, not before', async () => {
    const { cookie } = await platform.signIn('bea@example.com');
    await buy(cookie, 'bea@example.com');
    const invoiceId = (
      await storeDeps.db.selectFrom('store_licences').select('invoice_id').executeTakeFirstOrThrow()
    ).invoice_id;
    const refund = async (amount: string) => {
      const response = await call('POST', '/payment-kit/api/refunds', owner, {
        invoice_id: invoiceId,
        amount,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await refund('100');
    await expect
      .poll(
        async () =>
          (
            await storeDeps.db
              .selectFrom('store_licences')
              .select('refunded_amount')
              .executeTakeFirstOrThrow()
          ).refunded_amount,
        { timeout: 5_000 },
      )
      .toBe('100');
    expect((await state(cookie)).licence?.status).toBe('active');
    const { token } = (await state(cookie)).licence!;
    await refund('399');
    await expect.poll(async () => (await state(cookie)).licence, { timeout: 10_000 }).toBeNull();
    // A refunded licence opens nothing, however well signed.
    const refused = await call('GET', `/api/apps/${did}/bundle`, undefined, undefined, {
      [LICENCE_HEADER]: token,
    });
    expect(refused.statusCode).toBe(402);
    expect((await call('GET', `/api/apps/${did}/bundle`, cookie)).statusCode).toBe(402);
    const [listed] = licenceListSchema.parse((await call('GET', '/api/licences', cookie)).json()).list;
    expect(listed).toMatchObject({ status: 'revoked' });
    // Bought back after a refund: a new licence.
    await buy(cookie, 'bea@example.com');
  });
  it("keeps the app's tip jar paying its developer and the Store, whoever made the setting first", async () => {
    const mountLocation = `store/app/${did}`;
    // Someone's page asks the kit first, naming themselves as the beneficiary.
    const claimed = await call('POST', '/payment-kit/api/settings', undefined, {
      type: 'donate',
      mountLocation,
      componentDid: 'did:bazaar:store',
      livemode: false,
      defaultSettings: { beneficiaries: [{ name: 'Mallory', address: 'did:bazaar:mallory' }] },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const donation = await call('POST', `/api/apps/${did}/donation`);
    expect(donation.json()).toEqual({ mountLocation, componentDid: 'did:bazaar:store', target: did });
    const setting = async () =>
      (
        await call('POST', '/payment-kit/api/settings', undefined, {
          type: 'donate',
          mountLocation,
          componentDid: 'did:bazaar:store',
          livemode: false,
        })
      ).json().settings;
    expect((await setting()).beneficiaries).toMatchObject([
      { name: 'Bazaar Demo', address: 'did:bazaar:demo-developer', percent: 70 },
      { address: 'did:bazaar:store', percent: 30 },
    ]);
    expect((await setting()).appearance.history.variant).toBe('avatar');
    // The developer shows supporters as a table; the Store's share changes.
    await storeDeps.db
      .updateTable('store_apps')
      .set({ supporters_view: 'table' })
      .where('did', '=', did)
      .execute();
    expect((await call('PUT', '/api/console/settings', owner, { storeSharePercent: 10 })).statusCode).toBe(
      200,
    );
    await call('POST', `/api/apps/${did}/donation`);
    expect((await setting()).appearance.history.variant).toBe('table');
    expect(
      (await setting()).beneficiaries.map((beneficiary: { percent: number }) => beneficiary.percent),
    ).toEqual([90, 10]);
    expect((await call('POST', `/api/apps/did:key:z6Mk${'a'.repeat(44)}/donation`)).statusCode).toBe(404);
  });
});

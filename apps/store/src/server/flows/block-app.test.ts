import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import type { CheckoutFacts } from '@bazaar/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBundleWorkshop } from '../test-utils/app-bundles.ts';
import { createAccessToken, uploadForm } from '../test-utils/app-uploads.ts';
import { openStoreTestApp, USERS, type StoreTestApp } from '../test-utils/store-test-app.ts';
import { findLatestStake, recordStake, scheduleStakeReturn } from '../modules/stakes/service.ts';

/** A paid stake of `USERS.developer` as the kit's completed checkout would have recorded it. */
async function stakeOfDeveloper(t: StoreTestApp, checkoutId: string) {
  const checkout: CheckoutFacts & { invoiceId: string } = {
    id: checkoutId,
    paymentLinkId: 'plink_stake',
    status: 'complete',
    paymentStatus: 'paid',
    customerDid: USERS.developer.did,
    customerName: 'Developer',
    invoiceId: `in_${checkoutId}`,
    amountTotal: '500',
    currencyId: 'pc_demo_usd',
    livemode: false,
  };
  const link = { payment_link_id: 'plink_stake', amount: '5', currency: 'USD', livemode: 0, created_at: 0 };
  await recordStake(t.db, {
    checkout,
    link,
    userDid: USERS.developer.did,
    now: t.clock.now(),
    returnReason: null,
  });
}

describe.each(TEST_DIALECTS)('blocking an app, slashing its stake, on %s', (dialect) => {
  let t: StoreTestApp;
  let workshop: Awaited<ReturnType<typeof openBundleWorkshop>>;
  let did: string;

  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
    workshop = await openBundleWorkshop();
    const bundle = await workshop.make({ version: '1.0.0', name: 'slashed-app' });
    did = bundle.key.did;
    const uploaded = await uploadForm(t, await createAccessToken(t), bundle.bytes);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  });
  afterEach(async () => {
    await t.close();
    await workshop.remove();
  });

  const block = (body: object) => t.call('admin', 'PUT', `/console/apps/${did}/block`, body);
  const developerStatus = async () =>
    (await t.call('developer', 'GET', '/developer/me')).json().developer.status as string;

  it('keeps the stake only when asked, and revokes the developer it no longer backs', async () => {
    await stakeOfDeveloper(t, 'cs_1');
    expect((await block({ reason: 'Phishing' })).statusCode).toBe(200);
    expect((await findLatestStake(t.db, USERS.developer.did))?.status).toBe('held');
    expect(await developerStatus()).toBe('enabled');

    expect((await t.call('admin', 'PUT', `/console/apps/${did}/unblock`)).statusCode).toBe(200);
    expect((await block({ reason: 'Phishing', slashStake: true })).statusCode).toBe(200);
    expect(await findLatestStake(t.db, USERS.developer.did)).toMatchObject({
      status: 'slashed',
      reason: 'Stake slashed: Phishing',
    });
    const me = (await t.call('developer', 'GET', '/developer/me')).json();
    expect(me.developer).toMatchObject({ status: 'revoked', revokedReason: 'Stake slashed: Phishing' });
  });

  it('slashes a stake still waiting to go back after its developer left', async () => {
    await stakeOfDeveloper(t, 'cs_2');
    await scheduleStakeReturn(t.db, { userDid: USERS.developer.did, now: t.clock.now() });
    expect((await block({ reason: 'Malware', slashStake: true })).statusCode).toBe(200);
    expect((await findLatestStake(t.db, USERS.developer.did))?.status).toBe('slashed');
  });

  it('slashes nothing of a developer who staked nothing, and leaves them enabled', async () => {
    expect((await block({ reason: 'Spam', slashStake: true })).statusCode).toBe(200);
    expect(await findLatestStake(t.db, USERS.developer.did)).toBeNull();
    expect(await developerStatus()).toBe('enabled');
  });
});

import {
  developerMeResponseSchema,
  refundSchema,
  STAKE_RETURN_WAIT_SECONDS,
  type DeveloperMeResponse,
} from '@bazaar/schemas';
import type { StoreDeps } from '@bazaar/store';
import { returnDueStakes } from '@bazaar/store/testing';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payTestCheckout, startTestCheckout } from './test-checkouts.ts';
import { openStoreTestPlatform, type StoreTestPlatform } from './store-test-platform.ts';
import type { TestPlatform } from './testing.ts';

/**
 * Joining the Store by staking, end to end on the real Payment Kit: the stake is the kit's
 * checkout, the Store hears of it from the kit's events, and leaving returns it as the kit's
 * `stake_return` refund after the wait.
 */
describe.each(TEST_DIALECTS)('developer staking through the Payment Kit on %s', (dialect) => {
  let opened: StoreTestPlatform;
  let platform: TestPlatform;
  let storeDeps: StoreDeps;
  let owner: string;

  beforeEach(async () => {
    opened = await openStoreTestPlatform(dialect);
    ({ platform, storeDeps } = opened);
    owner = (await platform.signIn('owner@example.com')).cookie;
  });
  afterEach(async () => {
    await opened?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    platform.app.inject({
      method,
      url,
      headers: { origin: platform.baseUrl, ...(cookie && { cookie }) },
      ...(payload && { payload }),
    });
  const me = async (cookie: string): Promise<DeveloperMeResponse> =>
    developerMeResponseSchema.parse((await call('GET', '/api/developer/me', cookie)).json());
  const openStake = async (cookie: string) => {
    const response = await call('POST', '/api/developer/stake', cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ paymentLinkId: string }>().paymentLinkId;
  };
  async function stake(cookie: string, email: string) {
    const session = await startTestCheckout(platform.app, await openStake(cookie), cookie);
    await payTestCheckout(platform.app, session, { cookie, email, name: 'Stella Staker' });
    await expect.poll(async () => (await me(cookie)).developer?.status, { timeout: 10_000 }).toBe('enabled');
  }
  const useStaking = () =>
    call('PUT', '/api/console/settings', owner, {
      permissionMode: 'staking',
      stakeAmount: '5',
      stakeCurrency: 'USD',
    });

  it('takes no stake while the Store admits developers by invitation, and none from a visitor', async () => {
    const { cookie } = await platform.signIn('stella@example.com');
    const closed = await call('POST', '/api/developer/stake', cookie);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('STAKING_CLOSED');
    expect((await useStaking()).statusCode).toBe(200);
    expect((await call('POST', '/api/developer/stake')).statusCode).toBe(401);
    expect((await call('POST', '/api/developer/leave')).statusCode).toBe(401);
  });

  it('takes only a stake the kit can take: a currency it has, an amount its decimals hold', async () => {
    const save = (stakeAmount: string, stakeCurrency: string) =>
      call('PUT', '/api/console/settings', owner, { permissionMode: 'staking', stakeAmount, stakeCurrency });
    const unknown = await save('1', 'ABT');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('CURRENCY_UNKNOWN');
    const tooPrecise = await save('0.001', 'USD');
    expect(tooPrecise.statusCode).toBe(400);
    expect(tooPrecise.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'stakeAmount' }],
    });
    // Nothing was saved: the Store still admits developers by invitation.
    expect((await call('GET', '/api/store.json')).json().permissionMode).toBe('invitation');
    expect((await save('0.5', 'pc_demo_usd')).statusCode).toBe(200);
  });

  it('registers the payer once the kit says the stake was paid, and returns it after they leave', async () => {
    expect((await useStaking()).statusCode).toBe(200);
    const { cookie } = await platform.signIn('stella@example.com');
    // One link for the same terms, whoever asks.
    expect(await openStake(cookie)).toBe(await openStake(owner));

    await stake(cookie, 'stella@example.com');
    const joined = await me(cookie);
    expect(joined.developer).toMatchObject({ username: 'Stella Staker', status: 'enabled' });
    expect(joined.stake).toMatchObject({ amount: '5', currency: 'USD', status: 'held', refundId: null });
    const again = await call('POST', '/api/developer/stake', cookie);
    expect(again.json().error.code).toBe('ALREADY_DEVELOPER');

    const left = await call('POST', '/api/developer/leave', cookie);
    expect(left.statusCode, left.body).toBe(200);
    const leftAt = platform.clock.now();
    expect(left.json()).toMatchObject({
      developer: { status: 'left' },
      stake: { status: 'returning', returnAfter: leftAt + STAKE_RETURN_WAIT_SECONDS },
    });
    // No longer a developer: the developer routes refuse at once.
    const tokens = await call('GET', '/api/developer/access-tokens', cookie);
    expect(tokens.json().error.code).toBe('DEVELOPER_REQUIRED');
    expect((await call('POST', '/api/developer/leave', cookie)).json().error.code).toBe('STAKE_NOT_HELD');

    // Nothing goes back before the wait is over.
    platform.clock.advance(STAKE_RETURN_WAIT_SECONDS - 1);
    expect(await returnDueStakes(storeDeps)).toBe(0);
    platform.clock.advance(1);
    expect(await returnDueStakes(storeDeps)).toBe(1);
    expect(await returnDueStakes(storeDeps)).toBe(0);
    const returned = (await me(cookie)).stake!;
    expect(returned.status).toBe('returned');
    const refund = await call('GET', `/payment-kit/api/refunds/${returned.refundId}`, owner);
    expect(refundSchema.parse(refund.json())).toMatchObject({
      type: 'stake_return',
      amount: '500',
      status: 'succeeded',
    });

    // Who left may come back by staking again.
    await stake(cookie, 'stella@example.com');
    expect((await me(cookie)).stake).toMatchObject({ status: 'held' });
  });

  it('returns a stake at once when its payer already is a developer', async () => {
    expect((await useStaking()).statusCode).toBe(200);
    const { cookie } = await platform.signIn('stella@example.com');
    const link = await openStake(cookie);
    const first = await startTestCheckout(platform.app, link, cookie);
    const second = await startTestCheckout(platform.app, link, cookie);
    await payTestCheckout(platform.app, first, { cookie, email: 'stella@example.com' });
    await payTestCheckout(platform.app, second, { cookie, email: 'stella@example.com' });
    // The second stake backs nobody: it goes back without the wait, the first stays held.
    await expect.poll(() => returnDueStakes(storeDeps), { timeout: 10_000 }).toBe(1);
    expect(await me(cookie)).toMatchObject({ developer: { status: 'enabled' }, stake: { status: 'held' } });
  });
});

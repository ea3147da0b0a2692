import { STORE_DEFAULT_SETTINGS } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, openStoreTestApp, type StoreTestApp } from '../../test-utils/store-test-app.ts';

describe.each(TEST_DIALECTS)('store settings on %s', (dialect) => {
  let t: StoreTestApp;
  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('starts with the defaults: invitation, review of each version, bundles up to 500 MB, a 30% share of sales', async () => {
    const response = await t.call('admin', 'GET', '/console/settings');
    expect(response.json()).toEqual({
      permissionMode: 'invitation',
      stakeAmount: '1',
      stakeCurrency: 'ABT',
      defaultReviewType: 'each',
      maxBundleSizeMb: 500,
      autoPublishDefault: false,
      storeSharePercent: 30,
    });
    expect(response.json()).toEqual(STORE_DEFAULT_SETTINGS);
  });

  it('changes the fields given, keeps the others, and store.json follows', async () => {
    const changed = await t.call('owner', 'PUT', '/console/settings', {
      permissionMode: 'staking',
      stakeAmount: '2.5',
      maxBundleSizeMb: 2048,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      permissionMode: 'staking',
      stakeAmount: '2.5',
      defaultReviewType: 'each',
    });
    const again = await t.call('admin', 'PUT', '/console/settings', { defaultReviewType: 'first' });
    expect(again.json()).toMatchObject({
      permissionMode: 'staking',
      stakeAmount: '2.5',
      defaultReviewType: 'first',
    });
    expect((await t.call('admin', 'GET', '/console/settings')).json()).toEqual(again.json());

    const info = (await t.call(null, 'GET', '/store.json')).json();
    expect(info).toMatchObject({
      permissionMode: 'staking',
      maxBundleSize: 2048 * 1024 * 1024,
      stakeAmount: '2.5',
    });
    expect((await t.call('member', 'GET', '/developer/me')).json()).toEqual({
      developer: null,
      permissionMode: 'staking',
      stake: null,
    });
  });

  it('refuses bad values with the field, and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ permissionMode: 'open' }, 'permissionMode'],
      [{ defaultReviewType: 'never' }, 'defaultReviewType'],
      [{ maxBundleSizeMb: 0 }, 'maxBundleSizeMb'],
      [{ maxBundleSizeMb: 2049 }, 'maxBundleSizeMb'],
      [{ maxBundleSizeMb: 1.5 }, 'maxBundleSizeMb'],
      [{ stakeAmount: 5 }, 'stakeAmount'],
      [{ stakeAmount: '1e3' }, 'stakeAmount'],
      [{ stakeAmount: '-1' }, 'stakeAmount'],
      [{ stakeAmount: '0.1234567890123456789' }, 'stakeAmount'],
      [{ stakeCurrency: 'A B' }, 'stakeCurrency'],
      [{ autoPublishDefault: 'yes' }, 'autoPublishDefault'],
      [{ permissionMode: 'staking', stakeAmount: '0.00' }, 'stakeAmount'],
    ];
    for (const [body, path] of cases) {
      const response = await t.call('admin', 'PUT', '/console/settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
      expect(response.json().error.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
    const unknown = await t.call('admin', 'PUT', '/console/settings', { storeName: 'Mine' });
    expect(unknown.statusCode).toBe(400);
    expect((await t.call('admin', 'GET', '/console/settings')).json()).toEqual(STORE_DEFAULT_SETTINGS);
  });

  it('keeps a stake that is a decimal string of any size, never a float', async () => {
    const amount = '123456789012345678901234567890.123456789012345678';
    const response = await t.call('admin', 'PUT', '/console/settings', { stakeAmount: amount });
    expect(response.json().stakeAmount).toBe(amount);
    expect((await t.call('admin', 'GET', '/console/settings')).json().stakeAmount).toBe(amount);
  });
});

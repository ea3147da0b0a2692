import { COMPONENT_IDS, type Registry } from '@bazaar/schemas';
import { describe, expect, it } from 'vitest';
import { shellAddresses, signInAddress } from './addresses.ts';

const registry = (components: Registry['components']): Registry => ({
  appId: 'bazaar',
  appName: 'Bazaar',
  livemode: false,
  components,
  errorReporting: null,
});

describe('shellAddresses', () => {
  it('follows each component to its mount point', () => {
    const addresses = shellAddresses(
      registry([
        { did: COMPONENT_IDS.store, name: 'Store', mountPoint: '/' },
        { did: COMPONENT_IDS.paymentKit, name: 'Payment Kit', mountPoint: '/pay/' },
      ]),
    );
    expect(addresses).toEqual({
      apps: '/',
      profile: '/profile',
      developer: '/developer/apps',
      console: '/console/apps',
      billing: '/pay/customer',
    });
  });

  it('leaves out what the platform does not run', () => {
    expect(shellAddresses(registry([])).billing).toBeNull();
  });
});

describe('signInAddress', () => {
  it('comes back to the whole address, query included', () => {
    expect(signInAddress('/payment-kit/customer?tab=1')).toBe(
      '/.well-known/service/user/login?redirect=%2Fpayment-kit%2Fcustomer%3Ftab%3D1',
    );
  });
});

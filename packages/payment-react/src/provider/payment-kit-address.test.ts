import { describe, expect, it } from 'vitest';
import { COMPONENT_IDS, type Registry } from '@bazaar/schemas';
import { paymentKitBaseUrl, paymentKitMountPoint } from './payment-kit-address.ts';

const registry = (mountPoint?: string): Registry => ({
  appId: 'app_1',
  appName: 'Bazaar',
  livemode: false,
  components: [
    { did: COMPONENT_IDS.store, name: 'Store', mountPoint: '/' },
    ...(mountPoint === undefined ? [] : [{ did: COMPONENT_IDS.paymentKit, name: 'Payment Kit', mountPoint }]),
  ],
});

describe('the Payment Kit address', () => {
  it.each([
    ['/payment-kit', '/payment-kit', 'https://shop.example/payment-kit'],
    ['/pay/', '/pay', 'https://shop.example/pay'],
    ['/', '/', 'https://shop.example'],
    [undefined, '/payment-kit', 'https://shop.example/payment-kit'],
  ])('mounted at %s is found by its component id', (mountPoint, expectedMount, expectedBase) => {
    expect(paymentKitMountPoint(registry(mountPoint))).toBe(expectedMount);
    expect(paymentKitBaseUrl(registry(mountPoint), 'https://shop.example/')).toBe(expectedBase);
  });
});

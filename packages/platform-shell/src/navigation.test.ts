import { COMPONENT_IDS, type Registry } from '@bazaar/schemas';
import { describe, expect, it } from 'vitest';
import { isCurrent, pathInComponent } from './navigation.ts';

const registry: Registry = {
  appId: 'bazaar',
  appName: 'Bazaar',
  livemode: false,
  errorReporting: null,
  components: [
    { did: COMPONENT_IDS.store, name: 'Store', mountPoint: '/' },
    { did: COMPONENT_IDS.paymentKit, name: 'Payment Kit', mountPoint: '/payment-kit' },
  ],
};

describe('pathInComponent', () => {
  it('keeps a component its own routes and leaves deeper mounts and services alone', () => {
    expect(pathInComponent(registry, COMPONENT_IDS.store, '/profile')).toBe('/profile');
    expect(pathInComponent(registry, COMPONENT_IDS.store, '/')).toBe('/');
    expect(pathInComponent(registry, COMPONENT_IDS.store, '/payment-kit/customer')).toBeNull();
    expect(pathInComponent(registry, COMPONENT_IDS.store, '/.well-known/service/user/login')).toBeNull();
    expect(pathInComponent(registry, COMPONENT_IDS.paymentKit, '/payment-kit/customer')).toBe('/customer');
    expect(pathInComponent(registry, COMPONENT_IDS.paymentKit, '/payment-kit')).toBe('/');
    expect(pathInComponent(registry, COMPONENT_IDS.paymentKit, '/payment-kitchen')).toBeNull();
    expect(pathInComponent(registry, COMPONENT_IDS.paymentKit, '/profile')).toBeNull();
  });

  it('never takes an address on another site', () => {
    expect(pathInComponent(registry, COMPONENT_IDS.store, 'https://evil.example/profile')).toBeNull();
    expect(pathInComponent(registry, COMPONENT_IDS.store, '//evil.example/profile')).toBeNull();
  });
});

describe('isCurrent', () => {
  it('counts the root only exactly, other pages with what lies below them', () => {
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/profile', '/')).toBe(false);
    expect(isCurrent('/payment-kit/customer/invoice/in_1', '/payment-kit/customer')).toBe(true);
    expect(isCurrent('/payment-kit/customers', '/payment-kit/customer')).toBe(false);
  });
});

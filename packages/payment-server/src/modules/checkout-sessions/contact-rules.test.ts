import { describe, expect, it } from 'vitest';
import { checkContact, normalizeCountry, normalizePhone } from './contact-rules.ts';

describe('normalizePhone', () => {
  it.each([
    ['(415) 555-2671', '+14155552671'],
    ['+86 138 0013 8000', '+8613800138000'],
    ['+44 20 7946 0958', '+442079460958'],
    ['123', null],
    ['not a phone', null],
  ])('%s → %s', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });
});

describe('normalizeCountry', () => {
  it.each([
    ['DE', 'de'],
    ['gb', 'gb'],
    ['', 'us'],
    [undefined, 'us'],
    ['Atlantis', 'us'],
    ['ZZ', 'us'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeCountry(raw)).toBe(expected);
  });
});

describe('checkContact', () => {
  const none = {
    phone: '',
    isPhoneRequired: false,
    address: undefined,
    isAddressRequired: false,
    isPostalOnly: false,
  };

  it('requires a valid phone only when it is collected', () => {
    expect(checkContact({ ...none, isPhoneRequired: true })).toEqual({
      ok: false,
      problems: [{ path: 'customer_phone', message: 'Required' }],
    });
    expect(checkContact({ ...none, isPhoneRequired: true, phone: '12' })).toEqual({
      ok: false,
      problems: [{ path: 'customer_phone', message: 'Invalid' }],
    });
    expect(checkContact({ ...none, phone: '12' })).toMatchObject({ ok: true, phone: '' });
    expect(checkContact({ ...none, isPhoneRequired: true, phone: '415 555 2671' })).toMatchObject({
      ok: true,
      phone: '+14155552671',
    });
  });

  it('requires line1, city, state and a postal code that fits the country when the address is required', () => {
    expect(
      checkContact({ ...none, isAddressRequired: true, address: { country: 'us', postal_code: 'ABC' } }),
    ).toEqual({
      ok: false,
      problems: [
        { path: 'billing_address.line1', message: 'Required' },
        { path: 'billing_address.city', message: 'Required' },
        { path: 'billing_address.state', message: 'Required' },
        { path: 'billing_address.postal_code', message: 'Invalid' },
      ],
    });
    const address = {
      country: 'GB',
      line1: '10 Downing St',
      city: 'London',
      state: 'London',
      postal_code: 'SW1A 2AA',
    };
    expect(checkContact({ ...none, isAddressRequired: true, address })).toEqual({
      ok: true,
      phone: '',
      address: { ...address, country: 'gb', line2: '' },
    });
  });

  it('checks a given postal code against the country even when the address is optional', () => {
    expect(checkContact({ ...none, address: { country: 'de', postal_code: '1234' } }).ok).toBe(false);
    expect(checkContact({ ...none, address: { country: 'de', postal_code: '10115' } }).ok).toBe(true);
    expect(checkContact({ ...none, address: { country: 'Narnia', postal_code: '94103' } })).toMatchObject({
      ok: true,
      address: { country: 'us' },
    });
  });

  it('keeps only the postal code and country of a card payment under the non-required mode', () => {
    const address = {
      country: 'us',
      line1: '1 Main St',
      line2: 'Apt 2',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
    };
    expect(checkContact({ ...none, isPostalOnly: true, address })).toEqual({
      ok: true,
      phone: '',
      address: { country: 'us', line1: '', line2: '', city: '', state: '', postal_code: '62701' },
    });
    expect(
      checkContact({ ...none, isPostalOnly: true, address: { ...address, postal_code: 'nope' } }).ok,
    ).toBe(false);
  });
});

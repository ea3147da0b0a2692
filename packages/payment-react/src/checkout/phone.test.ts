import { describe, expect, it } from 'vitest';
import { normalizePhone, phoneCountries, splitInternationalPhone } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['(201) 555-0123', '+12015550123'],
    ['201.555.0123', '+12015550123'],
    ['+1 201 555 0123', '+12015550123'],
    ['+86 139 1234 5678', '+8613912345678'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s → %s', (input, e164) => {
    expect(normalizePhone(input)).toBe(e164);
  });

  it('reads a national number in the chosen country', () => {
    expect(normalizePhone('139 1234 5678', 'cn')).toBe('+8613912345678');
    expect(normalizePhone('020 7946 0958', 'gb')).toBe('+442079460958');
  });

  it.each(['', '12', 'call me', '+1 555'])('rejects %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('splitInternationalPhone', () => {
  it('moves a typed dial code into the picker', () => {
    expect(splitInternationalPhone('+44 20 7946 0958')).toEqual({ country: 'gb', national: '020 7946 0958' });
  });

  it('leaves national and invalid numbers alone', () => {
    expect(splitInternationalPhone('020 7946 0958')).toBeNull();
    expect(splitInternationalPhone('+1 555')).toBeNull();
  });
});

describe('phoneCountries', () => {
  const countries = phoneCountries('en');

  it('starts with the dial table, United States first', () => {
    expect(countries[0]).toEqual({ code: 'us', dialCode: '+1', name: 'United States' });
    expect(countries.slice(0, 18).map((country) => country.code)).toContain('cn');
  });

  it('offers every country of the metadata once', () => {
    const codes = countries.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(200);
    expect(countries.find((country) => country.code === 'ch')?.dialCode).toBe('+41');
  });

  it('names countries in the page language', () => {
    expect(phoneCountries('zh').find((country) => country.code === 'de')?.name).toBe('德国');
  });
});

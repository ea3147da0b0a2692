import { describe, expect, it } from 'vitest';
import { cardFormSchema, formatCardNumberInput, formatExpiryInput } from './card-form-schema.ts';

function errorsOf(values: { number: string; expiry: string; cvc: string }) {
  const result = cardFormSchema.safeParse(values);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('cardFormSchema', () => {
  it('turns typed card details into the card network body', () => {
    expect(cardFormSchema.parse({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
  });

  it('says Required for empty fields and Invalid for malformed ones', () => {
    expect(errorsOf({ number: '', expiry: '', cvc: '' })).toEqual({
      number: 'Required',
      expiry: 'Required',
      cvc: 'Required',
    });
    expect(errorsOf({ number: '4242', expiry: '13/30', cvc: '12' })).toEqual({
      number: 'Invalid',
      expiry: 'Invalid',
      cvc: 'Invalid',
    });
  });
});

describe('card input formatting', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4000 0025 0000 3155', '4000 0025 0000 3155'],
    ['42a4', '424'],
  ])('number %s → %s', (input, output) => {
    expect(formatCardNumberInput(input)).toBe(output);
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12 / 3'],
    ['12/345', '12 / 34'],
  ])('expiry %s → %s', (input, output) => {
    expect(formatExpiryInput(input)).toBe(output);
  });
});

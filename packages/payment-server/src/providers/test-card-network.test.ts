import { describe, expect, it } from 'vitest';
import { cardBrand, isCardExpired, isLuhnValid, TEST_CARDS } from './test-card-network.ts';

describe('test card rules', () => {
  it('checks numbers with the Luhn sum', () => {
    for (const number of Object.values(TEST_CARDS)) expect(isLuhnValid(number)).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('0000000000')).toBe(false);
  });

  it('names the brand', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('unknown');
  });

  it('keeps a card good through the end of its expiry month', () => {
    const jan15of2027 = Date.UTC(2027, 0, 15) / 1000;
    expect(isCardExpired({ exp_month: 1, exp_year: 2027 }, jan15of2027)).toBe(false);
    expect(isCardExpired({ exp_month: 12, exp_year: 2026 }, jan15of2027)).toBe(true);
    expect(isCardExpired({ exp_month: 2, exp_year: 2027 }, jan15of2027)).toBe(false);
  });
});

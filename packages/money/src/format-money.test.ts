import { describe, expect, it } from 'vitest';
import { currencySign, formatMoney } from './format-money.ts';

describe('formatMoney', () => {
  it.each([
    ['1999', '$', 2, '$19.99'],
    ['500', '$', 2, '$5.00'],
    ['123456789', '$', 2, '$1,234,567.89'],
    ['-250', '$', 2, '-$2.50'],
    ['1500', 'USD', 2, '$15.00'],
    ['1500', 'EUR', 2, '€15.00'],
    ['7', 'JPY', 0, '¥7'],
    ['1500', 'XYZ', 2, '15.00 XYZ'],
    ['1500', 'USDC', 6, '0.0015 USDC'],
    ['1500000000000000000', 'ETH', 18, '1.5 ETH'],
    ['1234567', 'ETH', 18, '0 ETH'],
    ['1234567000000', 'ABT', 18, '0.000001 ABT'],
    ['1000000', 'USDC', 6, '1 USDC'],
  ])('%s of %s with %i decimals → %s', (amount, symbol, decimal, text) => {
    expect(formatMoney(amount, { symbol, decimal })).toBe(text);
  });

  it('reads a currency without decimals as an 18-decimal token shown to 6 places', () => {
    expect(formatMoney('1234567890000000000', { symbol: 'TBA' })).toBe('1.234567 TBA');
  });
});

describe('currencySign', () => {
  it.each([
    ['USD', 2, '$'],
    ['$', 2, '$'],
    ['ABT', 18, 'ABT'],
    ['XYZ', 2, 'XYZ'],
  ])('%s with %i decimals is named %s', (symbol, decimal, sign) => {
    expect(currencySign({ symbol, decimal })).toBe(sign);
  });
});

import { describe, expect, it } from 'vitest';
import { cardBrandName } from './card-brand.ts';

describe('cardBrandName', () => {
  it.each([
    ['visa', 'Visa'],
    ['amex', 'American Express'],
    ['discover', 'Discover'],
  ])('names %s as its network does', (brand, name) => {
    expect(cardBrandName(brand)).toBe(name);
  });
});

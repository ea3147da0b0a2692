import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.ts';

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

  it('reads a national number in the given country', () => {
    expect(normalizePhone('139 1234 5678', 'CN')).toBe('+8613912345678');
  });

  it.each(['', '12', 'call me', '+1 555'])('rejects %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { hasPrefix, idSchema, newId, randomToken } from './ids.ts';

describe('ids', () => {
  it('prefixes ids by kind with a URL-safe random body', () => {
    const id = newId('checkoutSession');
    expect(id).toMatch(/^cs_[A-Za-z0-9]{24}$/);
    expect(hasPrefix(id, 'checkoutSession')).toBe(true);
    expect(hasPrefix(id, 'paymentLink')).toBe(false);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => randomToken()));
    expect(ids.size).toBe(10_000);
  });

  it('validates by prefix', () => {
    expect(idSchema('paymentLink').safeParse('plink_demo_onetime').success).toBe(true);
    expect(idSchema('paymentLink').safeParse('cs_abc').success).toBe(false);
    expect(idSchema('paymentLink').safeParse('plink_<script>').success).toBe(false);
  });
});

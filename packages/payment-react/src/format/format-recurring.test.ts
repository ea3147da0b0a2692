import { describe, expect, it } from 'vitest';
import { createTranslator } from '@bazaar/i18n';
import { formatRecurring } from './format-recurring.ts';

const en = createTranslator('en');
const zh = createTranslator('zh');

describe('formatRecurring', () => {
  it.each([
    ['month', 1, 'per month', '每月'],
    ['month', 3, 'every 3 months', '每 3 个月'],
    ['month', 6, 'every 6 months', '每 6 个月'],
    ['year', 1, 'per year', '每年'],
    ['week', 2, 'every 2 weeks', '每 2 周'],
    ['day', 1, 'per day', '每天'],
  ] as const)('%s × %i', (interval, count, english, chinese) => {
    const recurring = { interval, interval_count: count, usage_type: 'licensed' as const };
    expect(formatRecurring(recurring, en)).toBe(english);
    expect(formatRecurring(recurring, zh)).toBe(chinese);
  });
});

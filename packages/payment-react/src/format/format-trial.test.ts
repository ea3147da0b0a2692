import { describe, expect, it } from 'vitest';
import { createTranslator } from '@bazaar/i18n';
import { makeCheckout } from '../test-utils/checkout-builders.ts';
import { formatTrial } from './format-trial.ts';

const en = createTranslator('en');
const zh = createTranslator('zh');
const NOW = 1_800_000_000;

function session(trialEnd: number | null, applies = true, days = 7) {
  return makeCheckout({
    mode: 'subscription',
    trial: { applies, trial_period_days: days, trial_end: trialEnd ?? NOW + days * 86_400 },
    subscription_data: { trial_period_days: days, trial_end: trialEnd, trial_currency: '' },
  }).checkoutSession;
}

describe('formatTrial', () => {
  it.each([
    [NOW + 59 * 60 + 1, '60-minute free trial', '60 分钟免费试用'],
    [NOW + 3_600, '1-hour free trial', '1 小时免费试用'],
    [NOW + 5 * 3_600 + 1, '6-hour free trial', '6 小时免费试用'],
    [NOW + 86_400 * 2 + 1, '3-day free trial', '3 天免费试用'],
    [null, '7-day free trial', '7 天免费试用'],
    [NOW - 10, '7-day free trial', '7 天免费试用'],
  ])('trial_end %s reads %s', (trialEnd, english, chinese) => {
    expect(formatTrial(session(trialEnd), NOW, en)).toBe(english);
    expect(formatTrial(session(trialEnd), NOW, zh)).toBe(chinese);
  });

  it('is hidden when the trial does not apply or has no days', () => {
    expect(formatTrial(session(null, false), NOW, en)).toBeNull();
    expect(formatTrial(session(null, true, 0), NOW, en)).toBeNull();
    expect(formatTrial(makeCheckout().checkoutSession, NOW, en)).toBeNull();
  });
});

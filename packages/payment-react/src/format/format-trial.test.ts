import { describe, expect, it } from 'vitest';
import { createTranslator } from '@bazaar/i18n';
import { makeCheckout, makeSubscriptionData, USD } from '../test-utils/checkout-builders.ts';
import { formatTrial } from './format-trial.ts';

const en = createTranslator('en');
const zh = createTranslator('zh');
const NOW = 1_800_000_000;

function session(trialEnd: number | null, applies = true, days = 7, trialCurrency = '') {
  return makeCheckout({
    mode: 'subscription',
    trial: { applies, trial_period_days: days, trial_end: trialEnd ?? NOW + days * 86_400 },
    subscription_data: makeSubscriptionData({
      trial_period_days: days,
      trial_end: trialEnd,
      trial_currency: trialCurrency,
    }),
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
    expect(formatTrial(session(trialEnd), USD.id, NOW, en)).toBe(english);
    expect(formatTrial(session(trialEnd), USD.id, NOW, zh)).toBe(chinese);
  });

  it('is hidden when the trial does not apply or has no days', () => {
    expect(formatTrial(session(null, false), USD.id, NOW, en)).toBeNull();
    expect(formatTrial(session(null, true, 0), USD.id, NOW, en)).toBeNull();
    expect(formatTrial(makeCheckout().checkoutSession, USD.id, NOW, en)).toBeNull();
  });

  it('is hidden in a currency trial_currency does not list', () => {
    const usdOnly = session(null, true, 7, `${USD.id}, pc_other`);
    expect(formatTrial(usdOnly, USD.id, NOW, en)).toBe('7-day free trial');
    expect(formatTrial(usdOnly, 'pc_eur', NOW, en)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createTranslator } from '@bazaar/i18n';
import { BILLING_REASONS, type BillingReason } from '@bazaar/schemas';
import { invoiceReasonKey } from './invoice-reason.ts';

const en = createTranslator('en');
const zh = createTranslator('zh');

const reasonOf = (billing_reason: BillingReason, checkout_session_id: string | null = null) =>
  invoiceReasonKey({ billing_reason, checkout_session_id });

describe('invoiceReasonKey', () => {
  it.each<[BillingReason, string, string]>([
    ['subscription_create', 'Subscription created', '订阅创建'],
    ['subscription_cycle', 'Subscription renewal', '订阅续费'],
    ['subscription_update', 'Subscription change', '订阅变更'],
    ['subscription_recover', 'Subscription recovered', '订阅恢复'],
    ['subscription_threshold', 'Metered usage', '按量计费'],
    ['subscription_cancel', 'Subscription canceled', '订阅取消'],
    ['manual', 'One-time payment', '一次性付款'],
    ['upcoming', 'Upcoming invoice', '即将生成的账单'],
    ['slash_stake', 'Stake slashed', '质押罚没'],
    ['stake', 'Stake', '质押'],
    ['return_stake', 'Stake returned', '质押退还'],
    ['recharge', 'Top-up', '充值'],
    ['stake_overdraft_protection', 'Stake for subscription overdraft protection', '订阅透支保护的质押'],
    ['overdraft_protection', 'Overdraft protection', '透支保护'],
  ])('%s reads "%s" and "%s"', (reason, english, chinese) => {
    expect(en(reasonOf(reason))).toBe(english);
    expect(zh(reasonOf(reason))).toBe(chinese);
  });

  it('names every billing reason', () => {
    for (const reason of BILLING_REASONS) expect(en(reasonOf(reason)), reason).not.toMatch(/^payment\./);
  });

  it('reads a manual invoice written by a checkout as a purchase', () => {
    expect(en(reasonOf('manual', 'cs_1'))).toBe('Payment');
    expect(zh(reasonOf('manual', 'cs_1'))).toBe('付款');
    // The checkout matters only to manual invoices: a subscription's first invoice has one too.
    expect(en(reasonOf('subscription_create', 'cs_1'))).toBe('Subscription created');
  });
});

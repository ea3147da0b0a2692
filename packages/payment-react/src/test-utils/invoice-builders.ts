import type { Invoice, OverdueInvoicesResponse, Refund } from '@bazaar/schemas';
import { CHAIN_METHOD, TST, TST_AMOUNT } from './chain-builders.ts';
import { USD } from './checkout-builders.ts';

const CARD = { id: 'pm_test_card', type: 'stripe', name: 'Card' } as const;
const CHAIN = { id: CHAIN_METHOD.id, type: CHAIN_METHOD.type, name: CHAIN_METHOD.name };

/**
 * A valid invoice (paid by a Visa card ending in 4242, one line of 2 × $19.99) with just the
 * fields a test cares about changed.
 */
export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_1',
    object: 'invoice',
    number: 'BZR-0001',
    status: 'paid',
    billing_reason: 'manual',
    customer_id: 'cus_1',
    subscription_id: null,
    checkout_session_id: 'cs_1',
    payment_intent_id: 'pi_1',
    currency_id: USD.id,
    currency: USD,
    description: '',
    lines: [
      {
        description: 'Bazaar Pro license',
        price_id: 'price_1',
        quantity: 2,
        unit_amount: '1999',
        amount: '3998',
        period_start: null,
        period_end: null,
        proration: false,
      },
    ],
    subtotal: '3998',
    total: '3998',
    amount_applied: '0',
    amount_due: '3998',
    amount_paid: '3998',
    amount_remaining: '0',
    period_start: null,
    period_end: null,
    due_date: null,
    attempt_count: 0,
    next_payment_attempt: null,
    payment_method_id: 'pm_test_card',
    payment_method: CARD,
    payment_details: { brand: 'visa', last4: '4242' },
    refunds: [],
    livemode: false,
    created_at: 1_700_000_000,
    paid_at: 1_700_000_000,
    ...overrides,
  };
}

/** A renewal of $9.99 that could not be collected. */
export function makeUncollectibleInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return makeInvoice({
    id: 'in_due',
    number: 'BZR-0002',
    status: 'uncollectible',
    billing_reason: 'subscription_cycle',
    subscription_id: 'sub_1',
    checkout_session_id: null,
    description: 'Bazaar Club membership',
    lines: [
      {
        description: 'Bazaar Club membership',
        price_id: 'price_monthly',
        quantity: 1,
        unit_amount: '999',
        amount: '999',
        period_start: 1_700_000_000,
        period_end: 1_702_592_000,
        proration: false,
      },
    ],
    subtotal: '999',
    total: '999',
    amount_due: '999',
    amount_paid: '0',
    amount_remaining: '999',
    due_date: 1_700_000_000,
    attempt_count: 4,
    paid_at: null,
    payment_details: null,
    ...overrides,
  });
}

/** A renewal of 19.99 TST, a chain subscription's, that could not be pulled. */
export function makeChainOverdueInvoice(overrides: Partial<Invoice> = {}): Invoice {
  const base = makeUncollectibleInvoice();
  return {
    ...base,
    id: 'in_chain',
    number: 'BZR-0005',
    subscription_id: 'sub_chain',
    currency_id: TST.id,
    currency: TST,
    payment_method_id: CHAIN_METHOD.id,
    payment_method: CHAIN,
    lines: base.lines.map((line) => ({ ...line, unit_amount: TST_AMOUNT, amount: TST_AMOUNT })),
    subtotal: TST_AMOUNT,
    total: TST_AMOUNT,
    amount_due: TST_AMOUNT,
    amount_remaining: TST_AMOUNT,
    ...overrides,
  };
}

/** The overdue answer for these invoices, summed per currency as the server does. */
export function makeOverdueResponse(invoices: Invoice[]): OverdueInvoicesResponse {
  const summary: OverdueInvoicesResponse['summary'] = {};
  for (const invoice of invoices) {
    const entry = summary[invoice.currency_id];
    summary[invoice.currency_id] = {
      amount: (BigInt(entry?.amount ?? '0') + BigInt(invoice.amount_remaining)).toString(),
      currency: invoice.currency,
      method: invoice.payment_method,
    };
  }
  const subscriptions = new Set(invoices.flatMap((invoice) => invoice.subscription_id ?? []));
  return { subscription: null, summary, invoices, subscriptionCount: subscriptions.size };
}

/** A refund of `amount` of the default invoice's payment, succeeded by card unless overridden. */
export function makeRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: 're_1',
    object: 'refund',
    type: 'refund',
    status: 'succeeded',
    reason: 'requested_by_customer',
    description: null,
    amount: '500',
    currency_id: USD.id,
    payment_intent_id: 'pi_1',
    customer_id: 'cus_1',
    invoice_id: 'in_1',
    subscription_id: null,
    failure_message: null,
    payment_details: null,
    attempt_count: 1,
    livemode: false,
    created_at: 1_700_100_000,
    updated_at: 1_700_100_000,
    ...overrides,
  };
}

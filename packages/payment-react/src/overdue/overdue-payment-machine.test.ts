import { describe, expect, it } from 'vitest';
import {
  IDLE_PAYMENT,
  transitionCurrencyPayment,
  transitionOverduePayments,
  type CurrencyPaymentEvent,
  type CurrencyPaymentState,
} from './overdue-payment-machine.ts';

const STATES: Record<string, CurrencyPaymentState> = {
  idle: IDLE_PAYMENT,
  processing: { status: 'processing' },
  success: { status: 'success' },
  error: { status: 'error', error: 'This payment method is not supported', code: 'notSupport' },
};
const EVENTS: Record<string, CurrencyPaymentEvent> = {
  pay: { type: 'pay' },
  paid: { type: 'paid' },
  failed: { type: 'failed', error: 'Failed to pay the invoice', code: null },
};
// Every (state, event) pair and where it leads.
const EXPECTED: Record<string, Record<string, string>> = {
  idle: { pay: 'processing', paid: 'idle', failed: 'idle' },
  processing: { pay: 'processing', paid: 'success', failed: 'error' },
  success: { pay: 'success', paid: 'success', failed: 'success' },
  error: { pay: 'processing', paid: 'error', failed: 'error' },
};

describe('transitionCurrencyPayment', () => {
  const pairs = Object.keys(STATES).flatMap((from) =>
    Object.keys(EVENTS).map((event) => [from, event] as const),
  );

  it.each(pairs)('%s + %s', (from, event) => {
    expect(transitionCurrencyPayment(STATES[from]!, EVENTS[event]!).status).toBe(EXPECTED[from]![event]);
  });

  it('keeps the failure and its code so the row can offer a retry or the invoice page', () => {
    expect(transitionCurrencyPayment(STATES.processing!, EVENTS.failed!)).toEqual({
      status: 'error',
      error: 'Failed to pay the invoice',
      code: null,
    });
  });
});

describe('transitionOverduePayments', () => {
  it('moves only the currency the action names', () => {
    const paying = transitionOverduePayments({}, { type: 'pay', currencyId: 'pc_usd' });
    expect(paying).toEqual({ pc_usd: { status: 'processing' } });
    const failed = transitionOverduePayments(
      { ...paying, pc_eur: IDLE_PAYMENT },
      { type: 'failed', error: 'Nope', code: null, currencyId: 'pc_usd' },
    );
    expect(failed).toEqual({
      pc_usd: { status: 'error', error: 'Nope', code: null },
      pc_eur: IDLE_PAYMENT,
    });
  });

  it('returns the same object when nothing changes, so React skips the render', () => {
    const states = { pc_usd: STATES.success! };
    expect(transitionOverduePayments(states, { type: 'pay', currencyId: 'pc_usd' })).toBe(states);
  });
});

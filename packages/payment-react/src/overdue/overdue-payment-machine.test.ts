import { describe, expect, it } from 'vitest';
import { makeChainContext } from '../test-utils/chain-builders.ts';
import type { WalletStep } from '../wallet/wallet-machine.ts';
import {
  IDLE_PAYMENT,
  transitionCurrencyPayment,
  transitionOverduePayments,
  type CurrencyPaymentEvent,
  type CurrencyPaymentState,
} from './overdue-payment-machine.ts';

const approval: WalletStep = {
  chain: makeChainContext({ action: 'approve', approve_amount: '259870000000000000000' }),
  isBalanceLow: true,
};

const STATES: Record<string, CurrencyPaymentState> = {
  idle: IDLE_PAYMENT,
  requesting: { status: 'processing', step: 'requesting', wallet: null },
  confirming: { status: 'processing', step: 'confirming', wallet: approval },
  waiting: { status: 'processing', step: 'waiting', wallet: approval },
  collecting: { status: 'processing', step: 'collecting', wallet: null },
  'bind:connect': { status: 'walletBinding', phase: 'connect', error: null },
  'bind:binding': { status: 'walletBinding', phase: 'binding', error: null },
  'bind:bound': { status: 'walletBinding', phase: 'bound', error: null },
  'bind:unavailable': { status: 'walletBinding', phase: 'unavailable', error: null },
  success: { status: 'success' },
  error: { status: 'error', error: 'This payment method is not supported', code: 'notSupport', wallet: null },
};

const EVENTS: Record<string, CurrencyPaymentEvent> = {
  pay: { type: 'pay' },
  walletBindRequired: { type: 'walletBindRequired' },
  walletUnavailable: { type: 'walletUnavailable' },
  bindWallet: { type: 'bindWallet' },
  walletBound: { type: 'walletBound' },
  walletBindFailed: { type: 'walletBindFailed', error: 'This wallet belongs to another account' },
  cancelBinding: { type: 'cancelBinding' },
  approvalRequired: { type: 'approvalRequired', wallet: approval },
  walletSent: { type: 'walletSent' },
  approved: { type: 'approved' },
  collecting: { type: 'collecting' },
  paid: { type: 'paid' },
  failed: { type: 'failed', error: 'You cancelled the request in your wallet.', code: null },
};

/**
 * The pairs that change the state, and the state they lead to; every other (state, event) pair
 * must leave the state as it is. A list that no longer owes the currency (`paid`) ends any state.
 */
const CHANGES: Record<string, Record<string, string>> = {
  idle: { pay: 'requesting', paid: 'success' },
  requesting: {
    walletBindRequired: 'bind:connect',
    approvalRequired: 'confirming',
    collecting: 'collecting',
    paid: 'success',
    failed: 'error',
  },
  confirming: { walletSent: 'waiting', paid: 'success', failed: 'error' },
  waiting: { approved: 'requesting', paid: 'success', failed: 'error' },
  collecting: { paid: 'success', failed: 'error' },
  'bind:connect': {
    walletUnavailable: 'bind:unavailable',
    bindWallet: 'bind:binding',
    cancelBinding: 'idle',
    paid: 'success',
  },
  'bind:binding': {
    walletBound: 'bind:bound',
    walletBindFailed: 'bind:connect',
    cancelBinding: 'idle',
    paid: 'success',
  },
  'bind:bound': { pay: 'requesting', cancelBinding: 'idle', paid: 'success' },
  'bind:unavailable': { cancelBinding: 'idle', paid: 'success' },
  success: {},
  error: { pay: 'requesting', paid: 'success' },
};

function labelOf(state: CurrencyPaymentState): string {
  if (state.status === 'processing') return state.step;
  if (state.status === 'walletBinding') return `bind:${state.phase}`;
  return state.status;
}

describe('transitionCurrencyPayment', () => {
  const pairs = Object.keys(STATES).flatMap((from) =>
    Object.keys(EVENTS).map((event) => [from, event] as const),
  );

  it.each(pairs)('%s + %s', (from, event) => {
    const state = STATES[from]!;
    const next = transitionCurrencyPayment(state, EVENTS[event]!);
    const expected = CHANGES[from]![event];
    if (expected === undefined) expect(next).toBe(state);
    else expect(labelOf(next)).toBe(expected);
  });

  it('keeps what the wallet was asked through the approval, and with a failure, for the balance warning', () => {
    const asked = transitionCurrencyPayment(STATES.requesting!, EVENTS.approvalRequired!);
    expect(asked).toEqual({ status: 'processing', step: 'confirming', wallet: approval });
    const again = transitionCurrencyPayment(STATES.waiting!, EVENTS.approved!);
    expect(again).toEqual({ status: 'processing', step: 'requesting', wallet: approval });
    expect(transitionCurrencyPayment(again, EVENTS.failed!)).toEqual({
      status: 'error',
      error: 'You cancelled the request in your wallet.',
      code: null,
      wallet: approval,
    });
  });

  it('starts a retry afresh, and shows why linking failed', () => {
    const failed = { status: 'error', error: 'Nope', code: null, wallet: approval } as const;
    expect(transitionCurrencyPayment(failed, EVENTS.pay!)).toEqual(STATES.requesting);
    expect(transitionCurrencyPayment(STATES['bind:binding']!, EVENTS.walletBindFailed!)).toEqual({
      status: 'walletBinding',
      phase: 'connect',
      error: 'This wallet belongs to another account',
    });
  });
});

describe('transitionOverduePayments', () => {
  it('moves only the currency the action names', () => {
    const paying = transitionOverduePayments({}, { type: 'pay', currencyId: 'pc_usd' });
    expect(paying).toEqual({ pc_usd: STATES.requesting });
    const failed = transitionOverduePayments(
      { ...paying, pc_eur: IDLE_PAYMENT },
      { type: 'failed', error: 'Nope', code: null, currencyId: 'pc_usd' },
    );
    expect(failed).toEqual({
      pc_usd: { status: 'error', error: 'Nope', code: null, wallet: null },
      pc_eur: IDLE_PAYMENT,
    });
  });

  it('returns the same object when nothing changes, so React skips the render', () => {
    const states = { pc_usd: STATES.success! };
    expect(transitionOverduePayments(states, { type: 'pay', currencyId: 'pc_usd' })).toBe(states);
    expect(transitionOverduePayments(states, { type: 'paid', currencyId: 'pc_usd' })).toBe(states);
  });
});

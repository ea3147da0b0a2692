import { describe, expect, it } from 'vitest';
import type { ChainContext } from '@bazaar/schemas';
import {
  INITIAL_SUBMIT_STATE,
  isSubmitBusy,
  transitionSubmit,
  type SubmitEvent,
  type SubmitState,
} from './submit-machine.ts';
import type { WalletStep } from '../wallet/wallet-machine.ts';

const card = {
  paymentIntentId: 'pi_1',
  clientSecret: 'pi_1_secret',
  provider: 'test' as const,
  publishableKey: null,
};
const chain: ChainContext = {
  chain_id: 31337,
  rpc_url: 'http://127.0.0.1:8545',
  explorer_host: 'http://127.0.0.1:8545',
  network_name: 'Ethereum (local)',
  token: { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'USDT', decimals: 6 },
  vault: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  payer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  amount: '19990000',
  action: 'transfer',
  approve_amount: '0',
};
const transfer: WalletStep = { chain, isBalanceLow: false };
const approval: WalletStep = {
  chain: { ...chain, action: 'approve', approve_amount: '259870000' },
  isBalanceLow: false,
};

const STATES: Record<string, SubmitState> = {
  idle: INITIAL_SUBMIT_STATE,
  submitting: { status: 'submitting' },
  customerLimited: { status: 'customerLimited' },
  card: { status: 'card', card, isConfirming: false, error: null },
  confirming: { status: 'card', card, isConfirming: true, error: null },
  authenticating: { status: 'authenticating', card },
  'bind:connect': { status: 'walletBinding', phase: 'connect', error: null },
  'bind:binding': { status: 'walletBinding', phase: 'binding', error: null },
  'bind:bound': { status: 'walletBinding', phase: 'bound', error: null },
  'bind:unavailable': { status: 'walletBinding', phase: 'unavailable', error: null },
  'wallet:confirming': { status: 'wallet', wallet: transfer, phase: 'confirming', error: null },
  'wallet:waiting': { status: 'wallet', wallet: transfer, phase: 'waiting', error: null },
  'approval:waiting': { status: 'wallet', wallet: approval, phase: 'waiting', error: null },
  'wallet:error': { status: 'wallet', wallet: transfer, phase: 'error', error: 'Rejected' },
  'wallet:unavailable': { status: 'wallet', wallet: transfer, phase: 'unavailable', error: null },
  approved: { status: 'approved' },
  paying: { status: 'paying' },
  paid: { status: 'paid' },
  failed: { status: 'failed', error: 'Timed out' },
};

const EVENTS: Record<string, SubmitEvent> = {
  submit: { type: 'submit' },
  submitFailed: { type: 'submitFailed', error: 'Exceed inventory' },
  customerLimited: { type: 'customerLimited' },
  cardRequired: { type: 'cardRequired', card },
  confirmCard: { type: 'confirmCard' },
  cardDeclined: { type: 'cardDeclined', error: 'Your card was declined.' },
  authenticationRequired: { type: 'authenticationRequired' },
  paymentConfirmed: { type: 'paymentConfirmed' },
  walletBindRequired: { type: 'walletBindRequired' },
  walletUnavailable: { type: 'walletUnavailable' },
  bindWallet: { type: 'bindWallet' },
  walletBound: { type: 'walletBound' },
  walletBindFailed: { type: 'walletBindFailed', error: 'This wallet belongs to another account' },
  walletRequired: { type: 'walletRequired', wallet: transfer },
  confirmWallet: { type: 'confirmWallet' },
  walletSent: { type: 'walletSent' },
  walletFailed: { type: 'walletFailed', error: 'Rejected' },
  walletApproved: { type: 'walletApproved' },
  completed: { type: 'completed' },
  failed: { type: 'failed', error: 'Timed out' },
  reset: { type: 'reset' },
};

/**
 * The pairs that change the state, and the state they lead to; every other (state, event) pair
 * must leave the state as it is. `confirming` is the card step mid-request.
 */
const CHANGES: Record<string, Record<string, string>> = {
  idle: { submit: 'submitting' },
  submitting: {
    submitFailed: 'idle',
    customerLimited: 'customerLimited',
    cardRequired: 'card',
    paymentConfirmed: 'paying',
    walletBindRequired: 'bind:connect',
    walletRequired: 'wallet:confirming',
    reset: 'idle',
  },
  customerLimited: { submit: 'submitting', reset: 'idle' },
  card: { confirmCard: 'confirming', cardDeclined: 'card', paymentConfirmed: 'paying', reset: 'idle' },
  confirming: {
    cardDeclined: 'card',
    authenticationRequired: 'authenticating',
    paymentConfirmed: 'paying',
    reset: 'idle',
  },
  authenticating: { cardDeclined: 'card', paymentConfirmed: 'paying', reset: 'idle' },
  'bind:connect': { walletUnavailable: 'bind:unavailable', bindWallet: 'bind:binding', reset: 'idle' },
  'bind:binding': { walletBound: 'bind:bound', walletBindFailed: 'bind:connect', reset: 'idle' },
  'bind:bound': { submit: 'submitting', reset: 'idle' },
  'bind:unavailable': { reset: 'idle' },
  'wallet:confirming': {
    walletUnavailable: 'wallet:unavailable',
    walletSent: 'wallet:waiting',
    walletFailed: 'wallet:error',
    reset: 'idle',
  },
  'wallet:waiting': { paymentConfirmed: 'paying', walletFailed: 'wallet:error', reset: 'idle' },
  'approval:waiting': {
    paymentConfirmed: 'paying',
    walletFailed: 'wallet:error',
    walletApproved: 'approved',
    reset: 'idle',
  },
  'wallet:error': { confirmWallet: 'wallet:confirming', reset: 'idle' },
  'wallet:unavailable': { reset: 'idle' },
  approved: { submit: 'submitting', reset: 'idle' },
  paying: { completed: 'paid', failed: 'failed', reset: 'idle' },
  paid: {},
  failed: { submit: 'submitting', reset: 'idle' },
};

function nameOf(state: SubmitState): string {
  if (state.status === 'card' && state.isConfirming) return 'confirming';
  if (state.status === 'walletBinding') return `bind:${state.phase}`;
  if (state.status === 'wallet') return `wallet:${state.phase}`;
  return state.status;
}

describe('transitionSubmit', () => {
  const pairs = Object.keys(STATES).flatMap((from) =>
    Object.keys(EVENTS).map((event) => [from, event] as const),
  );

  it('lists the changes of every state', () => {
    expect(Object.keys(CHANGES)).toEqual(Object.keys(STATES));
  });

  it.each(pairs)('%s + %s', (from, event) => {
    const state = STATES[from]!;
    const next = transitionSubmit(state, EVENTS[event]!);
    const expected = CHANGES[from]![event];
    if (expected === undefined) expect(next).toBe(state);
    else expect(nameOf(next)).toBe(expected);
  });

  it('keeps the decline message on the card step so the payer can try another card', () => {
    const declined = transitionSubmit(STATES.confirming!, EVENTS.cardDeclined!);
    expect(declined).toEqual({ status: 'card', card, isConfirming: false, error: 'Your card was declined.' });
    expect(transitionSubmit(declined, EVENTS.confirmCard!)).toEqual({
      status: 'card',
      card,
      isConfirming: true,
      error: null,
    });
  });

  it('carries the submit error back to the idle form', () => {
    expect(transitionSubmit(STATES.submitting!, EVENTS.submitFailed!)).toEqual({
      status: 'idle',
      error: 'Exceed inventory',
    });
  });

  it('shows a failed binding in the dialog and clears it when the payer connects again', () => {
    const failed = transitionSubmit(STATES['bind:binding']!, EVENTS.walletBindFailed!);
    expect(failed).toEqual({
      status: 'walletBinding',
      phase: 'connect',
      error: 'This wallet belongs to another account',
    });
    expect(transitionSubmit(failed, EVENTS.bindWallet!)).toEqual({
      status: 'walletBinding',
      phase: 'binding',
      error: null,
    });
  });

  it('keeps what the wallet was asked across an error, so asking again sends the same request', () => {
    const asked = transitionSubmit(STATES.submitting!, { type: 'walletRequired', wallet: approval });
    const failed = transitionSubmit(asked, EVENTS.walletFailed!);
    expect(failed).toEqual({ status: 'wallet', wallet: approval, phase: 'error', error: 'Rejected' });
    expect(transitionSubmit(failed, EVENTS.confirmWallet!)).toEqual({
      status: 'wallet',
      wallet: approval,
      phase: 'confirming',
      error: null,
    });
  });

  it('submits again after a mined approval only, never after a transfer', () => {
    const approved = transitionSubmit(STATES['approval:waiting']!, EVENTS.walletApproved!);
    expect(approved).toEqual({ status: 'approved' });
    expect(transitionSubmit(approved, EVENTS.submit!)).toEqual({ status: 'submitting' });
    expect(transitionSubmit(STATES['wallet:waiting']!, EVENTS.walletApproved!)).toBe(
      STATES['wallet:waiting'],
    );
  });
});

describe('isSubmitBusy', () => {
  it.each([
    ['idle', false],
    ['submitting', true],
    ['customerLimited', true],
    ['card', true],
    ['authenticating', true],
    ['bind:connect', true],
    ['bind:bound', true],
    ['wallet:confirming', true],
    ['wallet:error', true],
    ['approved', true],
    ['paying', true],
    ['paid', true],
    ['failed', false],
  ])('%s → %s', (name, busy) => {
    expect(isSubmitBusy(STATES[name]!)).toBe(busy);
  });
});

import { describe, expect, it } from 'vitest';
import {
  INITIAL_SUBMIT_STATE,
  isSubmitBusy,
  transitionSubmit,
  type SubmitEvent,
  type SubmitState,
} from './submit-machine.ts';

const card = { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret' };

const STATES: Record<string, SubmitState> = {
  idle: INITIAL_SUBMIT_STATE,
  submitting: { status: 'submitting' },
  customerLimited: { status: 'customerLimited' },
  card: { status: 'card', card, isConfirming: false, error: null },
  confirming: { status: 'card', card, isConfirming: true, error: null },
  authenticating: { status: 'authenticating', card },
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
  completed: { type: 'completed' },
  failed: { type: 'failed', error: 'Timed out' },
  reset: { type: 'reset' },
};

// Every (state, event) pair and the state it leads to; `confirming` is the card step mid-request.
const EXPECTED: Record<string, Record<string, string>> = {
  idle: {
    submit: 'submitting',
    submitFailed: 'idle',
    customerLimited: 'idle',
    cardRequired: 'idle',
    confirmCard: 'idle',
    cardDeclined: 'idle',
    authenticationRequired: 'idle',
    paymentConfirmed: 'idle',
    completed: 'idle',
    failed: 'idle',
    reset: 'idle',
  },
  submitting: {
    submit: 'submitting',
    submitFailed: 'idle',
    customerLimited: 'customerLimited',
    cardRequired: 'card',
    confirmCard: 'submitting',
    cardDeclined: 'submitting',
    authenticationRequired: 'submitting',
    paymentConfirmed: 'paying',
    completed: 'submitting',
    failed: 'submitting',
    reset: 'idle',
  },
  customerLimited: {
    submit: 'submitting',
    submitFailed: 'customerLimited',
    customerLimited: 'customerLimited',
    cardRequired: 'customerLimited',
    confirmCard: 'customerLimited',
    cardDeclined: 'customerLimited',
    authenticationRequired: 'customerLimited',
    paymentConfirmed: 'customerLimited',
    completed: 'customerLimited',
    failed: 'customerLimited',
    reset: 'idle',
  },
  card: {
    submit: 'card',
    submitFailed: 'card',
    customerLimited: 'card',
    cardRequired: 'card',
    confirmCard: 'confirming',
    cardDeclined: 'card',
    authenticationRequired: 'card',
    paymentConfirmed: 'paying',
    completed: 'card',
    failed: 'card',
    reset: 'idle',
  },
  confirming: {
    submit: 'confirming',
    submitFailed: 'confirming',
    customerLimited: 'confirming',
    cardRequired: 'confirming',
    confirmCard: 'confirming',
    cardDeclined: 'card',
    authenticationRequired: 'authenticating',
    paymentConfirmed: 'paying',
    completed: 'confirming',
    failed: 'confirming',
    reset: 'idle',
  },
  authenticating: {
    submit: 'authenticating',
    submitFailed: 'authenticating',
    customerLimited: 'authenticating',
    cardRequired: 'authenticating',
    confirmCard: 'authenticating',
    cardDeclined: 'card',
    authenticationRequired: 'authenticating',
    paymentConfirmed: 'paying',
    completed: 'authenticating',
    failed: 'authenticating',
    reset: 'idle',
  },
  paying: {
    submit: 'paying',
    submitFailed: 'paying',
    customerLimited: 'paying',
    cardRequired: 'paying',
    confirmCard: 'paying',
    cardDeclined: 'paying',
    authenticationRequired: 'paying',
    paymentConfirmed: 'paying',
    completed: 'paid',
    failed: 'failed',
    reset: 'idle',
  },
  paid: {
    submit: 'paid',
    submitFailed: 'paid',
    customerLimited: 'paid',
    cardRequired: 'paid',
    confirmCard: 'paid',
    cardDeclined: 'paid',
    authenticationRequired: 'paid',
    paymentConfirmed: 'paid',
    completed: 'paid',
    failed: 'paid',
    reset: 'paid',
  },
  failed: {
    submit: 'submitting',
    submitFailed: 'failed',
    customerLimited: 'failed',
    cardRequired: 'failed',
    confirmCard: 'failed',
    cardDeclined: 'failed',
    authenticationRequired: 'failed',
    paymentConfirmed: 'failed',
    completed: 'failed',
    failed: 'failed',
    reset: 'idle',
  },
};

function nameOf(state: SubmitState): string {
  return state.status === 'card' && state.isConfirming ? 'confirming' : state.status;
}

describe('transitionSubmit', () => {
  const pairs = Object.keys(STATES).flatMap((from) =>
    Object.keys(EVENTS).map((event) => [from, event] as const),
  );

  it.each(pairs)('%s + %s', (from, event) => {
    expect(nameOf(transitionSubmit(STATES[from]!, EVENTS[event]!))).toBe(EXPECTED[from]![event]);
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
});

describe('isSubmitBusy', () => {
  it.each([
    ['idle', false],
    ['submitting', true],
    ['customerLimited', true],
    ['card', true],
    ['authenticating', true],
    ['paying', true],
    ['paid', true],
    ['failed', false],
  ])('%s → %s', (name, busy) => {
    expect(isSubmitBusy(STATES[name]!)).toBe(busy);
  });
});

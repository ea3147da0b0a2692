import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { makeCheckout } from '../test-utils/checkout-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { CardStep, cardPurpose, type CardPurpose } from './card-step.tsx';

const subscription = (applies: boolean) =>
  makeCheckout({
    mode: 'subscription',
    trial: { applies, trial_period_days: 7, trial_end: null },
  }).checkoutSession;

function renderCardStep(purpose: CardPurpose, locale = 'en') {
  renderWithPayment(
    <CardStep
      purpose={purpose}
      isConfirming={false}
      error={null}
      isTestMode
      onConfirm={vi.fn()}
      onCancel={vi.fn()}
    />,
    { routes: [], locale },
  );
}

describe('cardPurpose', () => {
  it('pays a payment intent, starts a trial or saves the card for a setup', () => {
    expect(cardPurpose('payment_intent', subscription(true))).toBe('pay');
    expect(cardPurpose(undefined, subscription(true))).toBe('pay');
    expect(cardPurpose('setup_intent', subscription(true))).toBe('startTrial');
    expect(cardPurpose('setup_intent', subscription(false))).toBe('saveCard');
  });
});

describe('CardStep', () => {
  it.each([
    ['startTrial', 'en', 'Start trial', "You won't be charged today."],
    ['saveCard', 'en', 'Save card', "You won't be charged today."],
    ['startTrial', 'zh', '开始试用', '今天不会扣款。'],
  ] as const)('a setup (%s, %s) says nothing is charged today', (purpose, locale, button, notice) => {
    renderCardStep(purpose, locale);
    expect(screen.getByRole('button', { name: button })).toBeTruthy();
    expect(screen.getByText(new RegExp(notice))).toBeTruthy();
    expect(screen.getByText(/4000 0000 0000 0341/)).toBeTruthy();
  });

  it('a payment confirms the payment and says nothing about saving', () => {
    renderCardStep('pay');
    expect(screen.getByRole('button', { name: 'Confirm payment' })).toBeTruthy();
    expect(screen.queryByText(/won't be charged/)).toBeNull();
    expect(screen.queryByText(/0341/)).toBeNull();
  });
});

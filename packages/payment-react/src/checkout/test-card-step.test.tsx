import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import type { CardPurpose } from './card-purpose.ts';
import { TestCardStep } from './test-card-step.tsx';

function renderTestCardStep(purpose: CardPurpose, locale = 'en') {
  renderWithPayment(
    <TestCardStep
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

describe('TestCardStep', () => {
  it.each([
    ['startTrial', 'en', 'Start trial', "You won't be charged today."],
    ['saveCard', 'en', 'Save card', "You won't be charged today."],
    ['startTrial', 'zh', '开始试用', '今天不会扣款。'],
  ] as const)('a setup (%s, %s) says nothing is charged today', (purpose, locale, button, notice) => {
    renderTestCardStep(purpose, locale);
    expect(screen.getByRole('button', { name: button })).toBeTruthy();
    expect(screen.getByText(new RegExp(notice))).toBeTruthy();
    expect(screen.getByText(/4000 0000 0000 0341/)).toBeTruthy();
  });

  it('a payment confirms the payment and says nothing about saving', () => {
    renderTestCardStep('pay');
    expect(screen.getByRole('button', { name: 'Confirm payment' })).toBeTruthy();
    expect(screen.queryByText(/won't be charged/)).toBeNull();
    expect(screen.queryByText(/0341/)).toBeNull();
  });
});

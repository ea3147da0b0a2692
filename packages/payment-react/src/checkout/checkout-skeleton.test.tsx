import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeCheckout } from '../test-utils/checkout-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { CheckoutForm, type CheckoutMode } from './checkout-form.tsx';

const routes = [
  {
    method: 'GET',
    path: '/payment-kit/api/checkout-sessions/retrieve/cs_test_1',
    respond: { body: makeCheckout() },
  },
];

describe('CheckoutSkeleton', () => {
  it.each([
    ['inline', 2],
    ['standalone', 2],
    ['inline-minimal', 1],
    ['standalone-minimal', 1],
  ] as [CheckoutMode, number][])(
    'lays out %s with the same columns as the form that replaces it',
    async (mode, columns) => {
      const { container } = renderWithPayment(<CheckoutForm id="cs_test_1" mode={mode} />, { routes });
      const skeleton = container.querySelector('[aria-busy="true"]');
      expect(skeleton?.querySelectorAll(':scope > section')).toHaveLength(columns);
      await screen.findByRole('radiogroup', {}, { timeout: 3_000 });
      expect(container.querySelector('[aria-busy="true"]')).toBeNull();
      expect(container.firstElementChild?.querySelectorAll(':scope > section')).toHaveLength(columns);
      expect(Boolean(screen.queryByLabelText('Order summary'))).toBe(columns === 2);
    },
  );
});

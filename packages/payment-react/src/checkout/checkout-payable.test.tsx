import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  ABT,
  makeCheckout,
  makeLineItem,
  makePaymentMethod,
  makePrice,
  USD,
} from '../test-utils/checkout-builders.ts';
import { renderWithPayment, SIGNED_IN_USER } from '../test-utils/render-checkout.tsx';
import { CheckoutForm } from './checkout-form.tsx';

const SLOW = { timeout: 3_000 };
const PREFERENCE_KEY = `payment-currency-preference:${SIGNED_IN_USER.did}`;
const checkout = makeCheckout(
  {
    currency_amounts: [
      { currency_id: USD.id, amount_due_now: '1999', amount_renewal: '0' },
      { currency_id: ABT.id, amount_due_now: '2500000000000000000', amount_renewal: '0' },
    ],
    line_items: [
      makeLineItem({
        price: makePrice({
          currency_options: [
            {
              currency_id: ABT.id,
              unit_amount: '2500000000000000000',
              custom_unit_amount: null,
              tiers: null,
            },
          ],
        }),
      }),
    ],
  },
  {
    paymentMethods: [
      makePaymentMethod(),
      makePaymentMethod({
        id: 'pm_test_arcblock',
        type: 'arcblock',
        name: 'ArcBlock',
        payment_currencies: [ABT],
      }),
    ],
  },
);
const routes = [
  {
    method: 'GET',
    path: '/payment-kit/api/checkout-sessions/retrieve/cs_test_1',
    respond: { body: checkout },
  },
  { method: 'GET', path: '/payment-kit/api/customers/me', respond: { body: null } },
];

async function totalDue() {
  await screen.findByTestId('total-due', {}, SLOW);
  return screen.getByTestId('total-due').textContent;
}

describe('CheckoutPayable currency choice', () => {
  beforeEach(() => window.localStorage.clear());

  it("starts in the session's currency and shows the summary in the chosen one", async () => {
    renderWithPayment(<CheckoutForm id="cs_test_1" />, { routes });
    expect(await totalDue()).toBe('$19.99');
    await userEvent.setup().click(screen.getByRole('radio', { name: /ArcBlock Token/ }));
    expect(screen.getByTestId('total-due').textContent).toBe('2.5 ABT');
  });

  it('remembers the choice per user and starts from it next time', async () => {
    const first = renderWithPayment(<CheckoutForm id="cs_test_1" />, { routes });
    await totalDue();
    await userEvent.setup().click(screen.getByRole('radio', { name: /ArcBlock Token/ }));
    expect(window.localStorage.getItem(PREFERENCE_KEY)).toBe(ABT.id);
    first.unmount();

    renderWithPayment(<CheckoutForm id="cs_test_1" />, { routes });
    expect(await totalDue()).toBe('2.5 ABT');
  });

  it('lets ?currencyId win over the remembered choice, and ignores a currency not offered', async () => {
    window.localStorage.setItem(PREFERENCE_KEY, ABT.id);
    const withQuery = renderWithPayment(<CheckoutForm id="cs_test_1" currencyId={USD.id} />, { routes });
    expect(await totalDue()).toBe('$19.99');
    withQuery.unmount();

    renderWithPayment(<CheckoutForm id="cs_test_1" currencyId="pc_elsewhere" />, { routes });
    expect(await totalDue()).toBe('2.5 ABT');
  });

  it('keeps nothing for a guest', async () => {
    renderWithPayment(<CheckoutForm id="cs_test_1" />, { routes, user: null });
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2), SLOW);
    await userEvent.setup().click(screen.getByRole('radio', { name: /ArcBlock Token/ }));
    expect(window.localStorage.length).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeDonationCheckout } from '../test-utils/checkout-builders.ts';
import type { StubRoute } from '../test-utils/fetch-stub.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { CheckoutForm } from './checkout-form.tsx';

const SLOW = { timeout: 4_000 };
const API = '/payment-kit/api/checkout-sessions';
const donation = (amount: string) => makeDonationCheckout(amount);

function routes(): StubRoute[] {
  return [
    { method: 'GET', path: `${API}/retrieve/cs_test_1`, respond: { body: donation('500') } },
    { method: 'GET', path: `${API}/cs_test_1/cross-sell`, respond: { body: { error: 'none' } } },
    {
      method: 'PUT',
      path: `${API}/cs_test_1/amount`,
      respond: (request) => {
        const { amount } = request.body as { amount: string };
        return { body: { checkoutSession: donation(amount).checkoutSession, savings_percent: null } };
      },
    },
  ];
}

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('DonationAmountPicker', () => {
  it.each([
    [
      'en',
      'Custom',
      'Amount ($)',
      'Please enter an amount between $1.00 and $1,000.00.',
      'Enter at most 2 decimal places.',
      'Donate',
    ],
    ['zh', '自定义', '金额（$）', '请输入 $1.00 到 $1,000.00 之间的金额。', '最多输入 2 位小数。', '打赏'],
  ])(
    'starts at the middle preset; a custom amount is checked before it is sent (%s)',
    async (locale, custom, field, range, precision, donate) => {
      const user = userEvent.setup();
      const storage = memoryStorage();
      const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
        routes: routes(),
        locale,
        user: null,
        storage,
      });
      const middle = await screen.findByRole('radio', { name: '$5.00' }, SLOW);
      expect(middle.getAttribute('aria-checked')).toBe('true');
      expect(calls.some((call) => call.method === 'PUT')).toBe(false);

      await user.click(screen.getByRole('radio', { name: custom }));
      const input = screen.getByRole('textbox', { name: field });
      await user.clear(input);
      await user.type(input, '0.5');
      expect(await screen.findByText(range)).toBeTruthy();
      const pay = () => screen.getByRole('button', { name: donate }) as HTMLButtonElement;
      expect(pay().disabled).toBe(true);
      await user.clear(input);
      await user.type(input, '5.555');
      expect(await screen.findByText(precision)).toBeTruthy();
      expect(pay().disabled).toBe(true);

      await user.clear(input);
      await user.type(input, '12.5');
      await waitFor(
        () =>
          expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
            priceId: 'price_donation',
            amount: '1250',
          }),
        SLOW,
      );
      await waitFor(() => expect(screen.getByTestId('total-due').textContent).toBe('$12.50'));
      await waitFor(() => expect(pay().disabled).toBe(false));
      expect(JSON.parse(storage.getItem('payment-donation-preset')!)).toEqual({
        kind: 'custom',
        amount: '1250',
        currencyId: 'pc_test_usd',
      });
    },
  );

  it('starts from the remembered preset and sends it', async () => {
    const storage = memoryStorage();
    storage.setItem(
      'payment-donation-preset',
      JSON.stringify({ kind: 'preset', amount: '1000', currencyId: 'pc_test_usd' }),
    );
    const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: routes(),
      user: null,
      storage,
    });
    const remembered = await screen.findByRole('radio', { name: '$10.00' }, SLOW);
    expect(remembered.getAttribute('aria-checked')).toBe('true');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        priceId: 'price_donation',
        amount: '1000',
      }),
    );
  });

  it('picks an amount between the smallest and the middle preset, counting up to it', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: routes(),
      user: null,
      storage: memoryStorage(),
    });
    await user.click(await screen.findByRole('radio', { name: 'Custom' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Pick an amount for me' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true), SLOW);
    const sent = BigInt((calls.find((call) => call.method === 'PUT')!.body as { amount: string }).amount);
    expect(sent >= 100n && sent <= 500n).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Amount ($)' }) as HTMLInputElement).value).toBe(
      (Number(sent) / 100).toString(),
    );
  });
});

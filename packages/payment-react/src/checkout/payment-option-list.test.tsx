import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { formatMoney } from '@bazaar/money';
import { ABT, makePaymentMethod, USD } from '../test-utils/checkout-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { paymentOptions, type PaymentOption } from './checkout-amounts.ts';
import { PaymentOptionList } from './payment-option-list.tsx';

const EUR = { ...USD, id: 'pc_test_eur', symbol: 'EUR', name: 'Euro' };
const options = paymentOptions([
  makePaymentMethod({ payment_currencies: [USD, EUR] }),
  makePaymentMethod({
    id: 'pm_test_arcblock',
    type: 'arcblock',
    name: 'ArcBlock',
    payment_currencies: [ABT],
  }),
]);
const AMOUNTS: Record<string, string> = {
  [USD.id]: '1999',
  [EUR.id]: '1800',
  [ABT.id]: '12345678901234567890',
};
const amountText = (option: PaymentOption) => formatMoney(AMOUNTS[option.currency.id]!, option.currency);

function renderList(selectedCurrencyId: string, isDisabled = false) {
  const onSelect = vi.fn();
  renderWithPayment(
    <PaymentOptionList
      options={options}
      selectedCurrencyId={selectedCurrencyId}
      isDisabled={isDisabled}
      amountText={amountText}
      onSelect={onSelect}
    />,
    { routes: [] },
  );
  return onSelect;
}

describe('PaymentOptionList', () => {
  it('offers every method × currency pair with its amount in that currency', () => {
    renderList(USD.id);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.textContent)).toEqual([
      'CardUS Dollar$19.99',
      'CardEuro€18.00',
      'ArcBlockArcBlock Token12.345678 ABT',
    ]);
    expect(screen.getByRole('radiogroup', { name: 'Payment method' })).toBeTruthy();
  });

  it('draws a card for card methods and a wallet for chain methods, not a Bitcoin sign', () => {
    renderList(USD.id);
    const icons = screen.getAllByRole('radio').map((radio) => radio.querySelector('svg')?.dataset.testid);
    expect(icons).toEqual(['CreditCardIcon', 'CreditCardIcon', 'AccountBalanceWalletOutlinedIcon']);
  });

  it('marks the chosen pair and reports a new choice', async () => {
    const onSelect = renderList(EUR.id);
    expect(screen.getByRole('radio', { name: /Euro/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: /US Dollar/ }).getAttribute('aria-checked')).toBe('false');
    await userEvent.setup().click(screen.getByRole('radio', { name: /ArcBlock Token/ }));
    expect(onSelect).toHaveBeenCalledWith(options[2]);
  });

  it('cannot change while a payment is under way', () => {
    renderList(USD.id, true);
    for (const radio of screen.getAllByRole('radio'))
      expect((radio as HTMLButtonElement).disabled).toBe(true);
  });
});

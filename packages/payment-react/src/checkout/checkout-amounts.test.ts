import { describe, expect, it } from 'vitest';
import { USD, makeLineItem, makePaymentMethod, makePrice } from '../test-utils/checkout-builders.ts';
import {
  defaultPaymentOption,
  lineAmountIn,
  lineItemProblem,
  paymentOptions,
  totalDueIn,
  unitAmountIn,
} from './checkout-amounts.ts';

const EUR = { ...USD, id: 'pc_test_eur', symbol: '€' };

describe('checkout amounts', () => {
  it('reads the unit amount in the price currency or from its currency options', () => {
    const price = makePrice({
      currency_options: [{ currency_id: EUR.id, unit_amount: '1800', custom_unit_amount: null, tiers: null }],
    });
    expect(unitAmountIn(price, USD.id)).toBe(1999n);
    expect(unitAmountIn(price, EUR.id)).toBe(1800n);
    expect(unitAmountIn(price, 'pc_other')).toBeNull();
  });

  it('multiplies by quantity, lets a custom amount win, and sums lines as bigint', () => {
    const items = [makeLineItem({ quantity: 3 }), makeLineItem({ custom_amount: '500' })];
    expect(lineAmountIn(items[0]!, USD.id)).toBe(5997n);
    expect(lineAmountIn(items[1]!, USD.id)).toBe(500n);
    expect(totalDueIn(items, USD.id)).toBe(6497n);
  });

  it.each([
    [{ quantity_available: 10, quantity_sold: 8 }, 3, 'quantityNotEnough'],
    [{ quantity_available: 10, quantity_sold: 7 }, 3, null],
    [{ quantity_available: 0, quantity_sold: 1000 }, 3, null],
    [{ quantity_limit_per_checkout: 5 }, 6, 'quantityLimitPerCheckout'],
    [{ quantity_limit_per_checkout: 5 }, 5, null],
    [{ quantity_limit_per_checkout: 0 }, 150, 'quantityNotEnough'],
  ])('stock %o with quantity %i → %s', (price, quantity, problem) => {
    expect(lineItemProblem(makeLineItem({ quantity, price: makePrice(price) }))).toBe(problem);
  });

  it('offers active method × currency pairs and preselects ?currencyId, the remembered one, then the session currency', () => {
    const methods = [
      makePaymentMethod({ payment_currencies: [USD, EUR, { ...EUR, id: 'pc_off', active: false }] }),
      makePaymentMethod({ id: 'pm_off', active: false }),
    ];
    const options = paymentOptions(methods);
    expect(options.map((option) => option.currency.id)).toEqual([USD.id, EUR.id]);
    expect(defaultPaymentOption(options, USD.id, [EUR.id])?.currency.id).toBe(EUR.id);
    expect(defaultPaymentOption(options, EUR.id, [null, USD.id])?.currency.id).toBe(USD.id);
    expect(defaultPaymentOption(options, EUR.id, ['pc_unknown', USD.id])?.currency.id).toBe(USD.id);
    expect(defaultPaymentOption(options, USD.id, ['pc_unknown'])?.currency.id).toBe(USD.id);
    expect(defaultPaymentOption(options, 'pc_gone')?.currency.id).toBe(USD.id);
  });
});

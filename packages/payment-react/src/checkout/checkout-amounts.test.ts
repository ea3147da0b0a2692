import { describe, expect, it } from 'vitest';
import {
  ABT,
  USD,
  makeCheckout,
  makeLineItem,
  makePaymentMethod,
  makePrice,
  makeSubscriptionData,
} from '../test-utils/checkout-builders.ts';
import {
  amountDueIn,
  defaultPaymentOption,
  lineAmountIn,
  lineItemProblem,
  paymentOptions,
  renewalIn,
  stakeIn,
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

  it("reads a line's amount from the server in the session currency, unit × quantity elsewhere", () => {
    const price = makePrice({
      currency_options: [{ currency_id: EUR.id, unit_amount: '1800', custom_unit_amount: null, tiers: null }],
    });
    const item = makeLineItem({ price, quantity: 3, amount_subtotal: '5997' });
    const session = makeCheckout({ line_items: [item] }).checkoutSession;
    expect(lineAmountIn(item, session, USD.id)).toBe(5997n);
    expect(lineAmountIn(item, session, EUR.id)).toBe(5400n);
  });

  it("takes due-today and renewal amounts from the server's figures, never summing lines", () => {
    const session = makeCheckout({
      amount_due_now: '0',
      amount_renewal: '999',
      currency_amounts: [
        { currency_id: USD.id, amount_due_now: '0', amount_renewal: '999' },
        { currency_id: EUR.id, amount_due_now: '5', amount_renewal: '5' },
      ],
    }).checkoutSession;
    expect(amountDueIn(session, EUR.id)).toBe(5n);
    expect(amountDueIn(session, USD.id)).toBe(0n);
    expect(amountDueIn(session, 'pc_other')).toBeNull();
    expect(renewalIn(session, USD.id)).toBe(999n);
    expect(renewalIn(session, EUR.id)).toBe(5n);
    expect(renewalIn(session, 'pc_other')).toBeNull();
  });

  it('checks stock against the upsell price while the payer chose it', () => {
    const upsell = makePrice({ id: 'price_yearly', quantity_available: 1, quantity_sold: 1 });
    expect(lineItemProblem(makeLineItem({ upsell_price_id: upsell.id, upsell_price: upsell }))).toBe(
      'quantityNotEnough',
    );
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

  it('offers only the currencies the session can be paid in', () => {
    const methods = [makePaymentMethod({ payment_currencies: [USD, EUR] })];
    const usdOnly = makeCheckout({
      currency_amounts: [{ currency_id: USD.id, amount_due_now: '2500', amount_renewal: '0' }],
    }).checkoutSession;
    expect(paymentOptions(methods, usdOnly).map((option) => option.currency.id)).toEqual([USD.id]);
  });

  it('stakes the larger threshold in the session currency, one period in another, nothing by card', () => {
    const arcblock = makePaymentMethod({
      id: 'pm_test_arcblock',
      type: 'arcblock',
      payment_currencies: [ABT],
    });
    const session = makeCheckout({
      mode: 'subscription',
      currency_id: ABT.id,
      currency_amounts: [
        { currency_id: ABT.id, amount_due_now: '0', amount_renewal: '50' },
        { currency_id: EUR.id, amount_due_now: '7', amount_renewal: '7' },
      ],
      subscription_data: makeSubscriptionData({ billing_threshold_amount: '300', min_stake_amount: '200' }),
    }).checkoutSession;
    expect(stakeIn(session, { method: arcblock, currency: ABT })).toBe(300n);
    expect(totalDueIn(session, { method: arcblock, currency: ABT })).toBe(300n);
    expect(stakeIn(session, { method: arcblock, currency: EUR })).toBe(7n);
    expect(stakeIn(session, { method: makePaymentMethod(), currency: ABT })).toBeNull();
    expect(totalDueIn(session, { method: makePaymentMethod(), currency: EUR })).toBe(7n);
    expect(stakeIn({ ...session, mode: 'payment' }, { method: arcblock, currency: ABT })).toBeNull();
  });
});

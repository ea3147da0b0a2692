// The custom-amount checks live in @bazaar/money so the checkout page applies the same rules.
export { checkCustomAmount, checkTypedAmount, type CustomAmountCheck } from '@bazaar/money';
export * from './amounts-per-currency.ts';
export * from './checkout-totals.ts';
export * from './from-wire.ts';
export * from './line-amount.ts';
export * from './pricing-error.ts';
export * from './resolve-price-for-currency.ts';
export * from './tiers.ts';
export * from './trial.ts';
export type * from './types.ts';
export * from './upsell-savings.ts';

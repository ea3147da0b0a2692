/** `@bazaar/payment-react/testing`: the builders of valid API answers that apps' tests share. */
export * from './checkout-builders.ts';
export * from './subscription-builders.ts';

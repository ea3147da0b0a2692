export { CheckoutForm, type CheckoutFormProps, type CheckoutMode } from './checkout-form.tsx';
export { useCheckout } from '../api/use-checkout.ts';
export { resolveCheckoutView, type CheckoutView } from './checkout-view.ts';

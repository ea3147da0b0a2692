import { CheckoutForm } from '@bazaar/payment-react/checkout';

/**
 * The Payment Kit's checkout of the stake, embedded in `/join`; its own module so the checkout's
 * code loads only once someone goes on to pay.
 */
export function StakeCheckout({ paymentLinkId, onPaid }: { paymentLinkId: string; onPaid(): void }) {
  return <CheckoutForm id={paymentLinkId} mode="inline" onPaid={onPaid} />;
}

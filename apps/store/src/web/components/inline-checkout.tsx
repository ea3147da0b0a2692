import { CheckoutForm } from '@bazaar/payment-react/checkout';

/**
 * The Payment Kit's checkout of a payment link, embedded in a Store page (a stake, an app's
 * purchase); its own module, loaded lazily, so the checkout's code comes only once someone goes on
 * to pay.
 */
export function InlineCheckout({ paymentLinkId, onPaid }: { paymentLinkId: string; onPaid(): void }) {
  return <CheckoutForm id={paymentLinkId} mode="inline" onPaid={onPaid} />;
}

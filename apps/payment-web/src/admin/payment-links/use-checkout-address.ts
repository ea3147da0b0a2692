import { useCallback } from 'react';
import { usePaymentContext } from '@bazaar/payment-react';

/** Where a payment link's checkout opens: `https://host/payment-kit/checkout/pay/plink_…`. */
export function useCheckoutAddress(): (linkId: string) => string {
  const { apiBaseUrl } = usePaymentContext();
  return useCallback(
    (linkId) => `${apiBaseUrl.replace(/\/$/, '')}/checkout/pay/${encodeURIComponent(linkId)}`,
    [apiBaseUrl],
  );
}

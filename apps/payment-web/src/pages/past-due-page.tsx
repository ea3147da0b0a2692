import { useLocation } from 'react-router';
import { PastDueInvoices } from '@bazaar/payment-react/customer';
import { sameOriginReferer } from '../addresses.ts';

/** `/customer/invoice/past-due[?referer=…]`. */
export function PastDuePage() {
  const { search } = useLocation();
  const referer = sameOriginReferer(new URLSearchParams(search).get('referer'), window.location.origin);
  return <PastDueInvoices referer={referer} />;
}

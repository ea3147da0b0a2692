import { useParams } from 'react-router';
import { SubscriptionDetail } from '@bazaar/payment-react/customer';

/** `/customer/subscription/:id`, where the checkout's success panel sends a new subscriber. */
export function SubscriptionPage() {
  const { id = '' } = useParams();
  return <SubscriptionDetail id={id} />;
}

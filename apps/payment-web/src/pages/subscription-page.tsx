import { useParams } from 'react-router';
import { SubscriptionActions, SubscriptionDetail } from '@bazaar/payment-react/customer';

/**
 * `/customer/subscription/:id`, where the checkout's success panel sends a new subscriber; the
 * customer cancels, resumes, changes plan or card here.
 */
export function SubscriptionPage() {
  const { id = '' } = useParams();
  return (
    <SubscriptionDetail
      id={id}
      renderActions={(subscription) => <SubscriptionActions subscription={subscription} />}
    />
  );
}

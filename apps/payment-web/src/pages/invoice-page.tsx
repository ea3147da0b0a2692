import { useParams } from 'react-router';
import { InvoiceDetail } from '@bazaar/payment-react/customer';

/** `/customer/invoice/:id`. */
export function InvoicePage() {
  const { id = '' } = useParams();
  return <InvoiceDetail id={id} />;
}

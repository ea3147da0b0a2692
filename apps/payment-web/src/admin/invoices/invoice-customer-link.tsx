import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useCustomerDetails } from '../api/use-customers.ts';

/** Whom an invoice bills, linked to their page: by name once it is loaded, by id meanwhile. */
export function InvoiceCustomerLink({ id }: { id: string }) {
  const customer = useCustomerDetails(id).data;
  return (
    <Link component={RouterLink} to={`/admin/customers/${encodeURIComponent(id)}`}>
      {(customer && (customer.name || customer.email)) || id}
    </Link>
  );
}

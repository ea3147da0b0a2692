import Chip from '@mui/material/Chip';
import { useTranslate } from '@bazaar/payment-react';
import { useCustomerDetails } from '../api/use-customers.ts';
import type { ServerGrid } from '../data-grid/use-server-grid.ts';

/** The invoice list's `customer_id` filter, set by a customer's page. */
export const INVOICE_CUSTOMER_FIELD = 'customer_id';

function CustomerChip({ id, onDelete }: { id: string; onDelete: () => void }) {
  const t = useTranslate();
  const customer = useCustomerDetails(id).data;
  const name = (customer && (customer.name || customer.email)) || id;
  return (
    <Chip
      label={t('payment.admin.invoices.ofCustomer', { name })}
      onDelete={onDelete}
      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
    />
  );
}

/** Which customer's invoices the list shows, if it is narrowed to one; removing it shows everyone's. */
export function InvoiceCustomerFilter({ grid }: { grid: ServerGrid }) {
  const customerId = grid.filterValue(INVOICE_CUSTOMER_FIELD);
  if (!customerId) return null;
  return <CustomerChip id={customerId} onDelete={() => grid.setFilterValue(INVOICE_CUSTOMER_FIELD, '')} />;
}

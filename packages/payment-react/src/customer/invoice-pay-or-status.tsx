import Button from '@mui/material/Button';
import type { Invoice } from '@bazaar/schemas';
import { usePaymentContext } from '../provider/payment-context.ts';
import { invoicePageAddress, isPayableFromList } from './invoice-list-links.ts';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';

/** A row's last cell: "Pay now" (to the invoice's page) for an invoice the payer owes, else its status. */
export function InvoicePayOrStatus({ invoice, action }: { invoice: Invoice; action?: string }) {
  const { t, apiBaseUrl } = usePaymentContext();
  if (!isPayableFromList(invoice)) return <InvoiceStatusChip status={invoice.status} />;
  return (
    <Button
      size="small"
      variant="contained"
      href={invoicePageAddress(apiBaseUrl, invoice, action)}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('payment.invoice.payNow')}
    </Button>
  );
}

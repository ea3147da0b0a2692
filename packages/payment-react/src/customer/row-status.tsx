import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { usePaymentContext } from '../provider/payment-context.ts';

interface RowStatusProps {
  label: string;
  color: ChipProps['color'];
  /** The invoice the row's money moved on: its page shows the whole story. */
  invoiceId: string | null;
}

/** The end of a payment's or a refund's row: its status, and the way to its invoice. */
export function RowStatus({ label, color, invoiceId }: RowStatusProps) {
  const { t, apiBaseUrl } = usePaymentContext();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Chip size="small" color={color} label={label} />
      {invoiceId ? (
        <Link href={`${apiBaseUrl}/customer/invoice/${encodeURIComponent(invoiceId)}`} variant="body2">
          {t('payment.payments.viewInvoice')}
        </Link>
      ) : null}
    </Stack>
  );
}

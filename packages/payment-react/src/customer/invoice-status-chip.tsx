import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Invoice } from '@bazaar/schemas';
import { useTranslate } from '../provider/payment-context.ts';

/** Status colours: paid reads as success, open as secondary, uncollectible as a warning. */
export const INVOICE_STATUS_COLOR: Record<Invoice['status'], ChipProps['color']> = {
  paid: 'success',
  open: 'secondary',
  uncollectible: 'warning',
  draft: 'default',
  void: 'default',
};

export function InvoiceStatusChip({ status }: { status: Invoice['status'] }) {
  const t = useTranslate();
  return (
    <Chip size="small" color={INVOICE_STATUS_COLOR[status]} label={t(`payment.invoice.status.${status}`)} />
  );
}

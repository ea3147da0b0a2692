import Chip, { type ChipProps } from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
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
  const label = t(`payment.invoice.status.${status}`);
  if (status !== 'void') return <Chip size="small" color={INVOICE_STATUS_COLOR[status]} label={label} />;
  // A voided invoice was given up: struck through, and the tooltip says nothing is owed on it.
  // `describeChild` keeps the chip's name its status and makes the tooltip its description.
  return (
    <Tooltip title={t('payment.invoiceList.noPaymentRequired')} describeChild>
      <Chip size="small" color={INVOICE_STATUS_COLOR.void} label={<s>{label}</s>} />
    </Tooltip>
  );
}

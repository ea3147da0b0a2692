import Typography from '@mui/material/Typography';
import type { PaymentCurrency } from '@bazaar/schemas';
import { formatMoney } from '@bazaar/money';
import { usePaymentContext } from '../provider/payment-context.ts';

export interface SupporterTotals {
  totalAmount: string;
  count: number;
  currency: PaymentCurrency | null;
}

/** The total given, formatted in the target's currency ('' before any currency exists). */
export function formatTotal(totals: SupporterTotals): string {
  return totals.currency ? formatMoney(totals.totalAmount, totals.currency) : '';
}

/** "12 supporters · $85.00 in total", or an invitation to be the first. */
export function SupportersHeadline({ totals }: { totals: SupporterTotals }) {
  const { t } = usePaymentContext();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="supporters-headline">
      {totals.count === 0
        ? t('payment.donate.empty')
        : t('payment.donate.summary', { count: totals.count, total: formatTotal(totals) })}
    </Typography>
  );
}

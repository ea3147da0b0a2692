import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Subscription } from '@bazaar/schemas';
import { formatDate } from '../format/format-date.ts';
import { useTranslate } from '../provider/payment-context.ts';

/** Subscriptions whose current period ends in an invoice. */
const BILLED_AT_PERIOD_END = new Set<Subscription['status']>(['active', 'trialing']);

/** An empty list: says so, and when the next invoice comes if a running subscription will write one. */
export function InvoiceListEmpty({ subscription }: { subscription?: Subscription | undefined }) {
  const t = useTranslate();
  return (
    <Stack spacing={0.5} sx={{ py: 4, alignItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">{t('payment.invoiceList.empty')}</Typography>
      {subscription && BILLED_AT_PERIOD_END.has(subscription.status) ? (
        <Typography variant="body2" color="text.secondary">
          {t('payment.invoiceList.nextInvoice', { date: formatDate(subscription.current_period_end) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

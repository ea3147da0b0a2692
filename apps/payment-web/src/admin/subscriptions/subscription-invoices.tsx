import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import { useSubscriptionInvoices } from '@bazaar/payment-react/customer';
import type { Subscription } from '@bazaar/schemas';
import { CustomerInvoiceList } from '../customers/customer-invoice-list.tsx';
import { OwnedSection } from '../customers/owned-section.tsx';

/**
 * The subscription's latest invoices, newest first, each opening its page. The query is the one a
 * plan change refreshes, so the invoice it wrote shows at once.
 */
export function SubscriptionInvoices({ subscription }: { subscription: Subscription }) {
  const t = useTranslate();
  const invoices = useSubscriptionInvoices(subscription);
  const page = invoices.data;
  if (invoices.error) {
    return (
      <Alert severity="error">
        {t('payment.admin.loadFailed', { reason: extractErrorText(invoices.error, t) })}
      </Alert>
    );
  }
  if (!page) return <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />;
  return (
    <OwnedSection
      id="subscription-invoices"
      title={t('payment.subscription.invoices')}
      count={page.count}
      emptyText={t('payment.subscription.noInvoices')}
    >
      <CustomerInvoiceList invoices={page.list} />
      {page.count > page.list.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          {t('payment.subscription.invoicesShown', { shown: page.list.length, count: page.count })}
        </Typography>
      ) : null}
    </OwnedSection>
  );
}

import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from '@bazaar/payment-react';
import {
  CustomerDetailsForm,
  InvoiceTable,
  PastDueNotice,
  PaymentHistory,
  RefundHistory,
  SubscriptionList,
} from '@bazaar/payment-react/customer';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1.5} aria-label={title}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * `/customer`: the signed-in customer's account: what is past due, their subscriptions,
 * invoices, payments and refunds, and the details their invoices carry. The route is behind sign-in.
 */
export function CustomerPage() {
  const t = useTranslate();
  return (
    <Stack spacing={4} sx={{ maxWidth: 1120, mx: 'auto', my: { xs: 2, md: 6 }, px: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {t('payment.customer.title')}
      </Typography>
      <PastDueNotice />
      <Section title={t('payment.subscriptions.title')}>
        <SubscriptionList currentFirst />
      </Section>
      <Section title={t('payment.customer.invoices')}>
        <InvoiceTable showSubscription />
      </Section>
      <Section title={t('payment.payments.title')}>
        <PaymentHistory />
      </Section>
      <Section title={t('payment.refund.title')}>
        <RefundHistory />
      </Section>
      <Section title={t('payment.customer.details.title')}>
        <CustomerDetailsForm />
      </Section>
    </Stack>
  );
}

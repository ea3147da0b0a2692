import type { ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSessionUser, useTranslate } from '@bazaar/payment-react';
import {
  InvoiceTable,
  LoginRequiredPanel,
  PaymentHistory,
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

/** `/customer`: the signed-in customer's subscriptions, invoices and payments; a visitor signs in first. */
export function CustomerPage() {
  const t = useTranslate();
  const user = useSessionUser();
  if (user.isPending)
    return <Skeleton variant="rounded" height={320} sx={{ maxWidth: 960, mx: 'auto', my: 6 }} />;
  if (!user.data) return <LoginRequiredPanel />;
  return (
    <Stack spacing={4} sx={{ maxWidth: 960, mx: 'auto', my: { xs: 2, md: 6 }, px: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {t('payment.customer.title')}
      </Typography>
      <Section title={t('payment.subscriptions.title')}>
        <SubscriptionList />
      </Section>
      <Section title={t('payment.customer.invoices')}>
        <InvoiceTable showSubscription />
      </Section>
      <Section title={t('payment.payments.title')}>
        <PaymentHistory />
      </Section>
    </Stack>
  );
}

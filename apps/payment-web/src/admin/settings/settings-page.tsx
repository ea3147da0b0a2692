import Stack from '@mui/material/Stack';
import { useTranslate } from '@bazaar/payment-react';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DonationsCard } from './donations-card.tsx';
import { PaymentMethodsSection } from './payment-methods-section.tsx';

/** `/admin/settings`: how payers pay (methods and their currencies), and the way to the donation settings. */
export function SettingsPage() {
  const t = useTranslate();
  return (
    <>
      <AdminPageHeading title={t('payment.admin.settings.title')} />
      <Stack spacing={4}>
        <PaymentMethodsSection />
        <DonationsCard />
      </Stack>
    </>
  );
}

import Typography from '@mui/material/Typography';
import { useTranslate } from '@bazaar/payment-react';

export function NotFoundPage() {
  const t = useTranslate();
  return (
    <Typography component="h1" variant="h5" sx={{ textAlign: 'center', py: 10 }}>
      {t('payment.page.notFound')}
    </Typography>
  );
}

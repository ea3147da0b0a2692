import Box from '@mui/material/Box';
import { TestModeBadge, usePaymentContext } from '@bazaar/payment-react';

/** Above every page while test data is shown, so no one takes a test payment for a real one. */
export function TestModeBanner() {
  const { livemode, t } = usePaymentContext();
  if (livemode) return null;
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: { xs: 2, md: 3 },
        py: 0.75,
        bgcolor: '#fff4d6',
        borderBottom: '1px solid #f2c66d',
        color: '#7a3a00',
        fontSize: 14,
      }}
    >
      <TestModeBadge />
      {t('payment.admin.mode.banner')}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { AdminCustomer } from '@bazaar/schemas';

/** The customer's own fields as labels and values; empty ones are left out. */
export function CustomerProfile({ customer }: { customer: AdminCustomer }) {
  const t = useTranslate();
  const { line1, line2, city, state, postal_code, country } = customer.address;
  const address = [line1, line2, [postal_code, city].filter(Boolean).join(' '), state, country.toUpperCase()]
    .filter(Boolean)
    .join('\n');
  const rows: [string, string][] = [
    [t('payment.admin.field.id'), customer.id],
    [t('payment.admin.customer.email'), customer.email],
    [t('payment.admin.customer.phone'), customer.phone],
    [t('payment.admin.customer.did'), customer.did],
    [t('payment.admin.customer.address'), address],
    [t('payment.admin.field.created'), formatDateTimeMinutes(customer.created_at)],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
        gap: { xs: 0.25, sm: 1.5 },
        m: 0,
      }}
    >
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, wordBreak: 'break-word', whiteSpace: 'pre-line' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { AdminProduct } from '@bazaar/schemas';

/** A product's fields as a list of labels and values; empty ones are left out. */
export function ProductDetails({ product }: { product: AdminProduct }) {
  const t = useTranslate();
  const rows: [string, string][] = [
    [t('payment.admin.field.id'), product.id],
    [t('payment.admin.product.description'), product.description],
    [t('payment.admin.product.unitLabel'), product.unit_label ?? ''],
    [t('payment.admin.product.statementDescriptor'), product.statement_descriptor ?? ''],
    [t('payment.admin.field.created'), formatDateTimeMinutes(product.created_at)],
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

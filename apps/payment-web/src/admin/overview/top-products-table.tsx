import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@bazaar/money';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import type { MetricsTopProducts } from '@bazaar/schemas';
import { ChartCard } from './chart-card.tsx';

interface TopProductsTableProps {
  currencyId: string;
  topProducts: MetricsTopProducts | undefined;
  error: Error | null;
}

/** The products that earned the most in the range, in the chosen currency; it loads on its own. */
export function TopProductsTable({ currencyId, topProducts, error }: TopProductsTableProps) {
  const t = useTranslate();
  const title = t('payment.admin.overview.topProducts');
  if (error) {
    return (
      <ChartCard title={title}>
        <Typography color="error">
          {t('payment.admin.loadFailed', { reason: extractErrorText(error, t) })}
        </Typography>
      </ChartCard>
    );
  }
  if (!topProducts) {
    return (
      <ChartCard title={title}>
        <LinearProgress aria-label={t('common.loading')} />
      </ChartCard>
    );
  }
  const entry = topProducts.currencies.find(({ currency }) => currency.id === currencyId);
  if (!entry || entry.top_products.length === 0) {
    return (
      <ChartCard title={title}>
        <Typography color="text.secondary">{t('payment.admin.overview.topProducts.empty')}</Typography>
      </ChartCard>
    );
  }
  return (
    <ChartCard title={title}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('payment.admin.overview.topProducts.product')}</TableCell>
            <TableCell align="right">{t('payment.admin.overview.topProducts.revenue')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entry.top_products.map((product) => (
            <TableRow key={product.product_id}>
              <TableCell sx={{ wordBreak: 'break-word' }}>{product.name}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(product.revenue, entry.currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ChartCard>
  );
}

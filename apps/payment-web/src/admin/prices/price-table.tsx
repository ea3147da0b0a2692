import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency, AdminPrice } from '@bazaar/schemas';
import { ActiveChip } from '../components/active-chip.tsx';
import { PriceActions } from './price-actions.tsx';
import { describePrice } from './price-summary.ts';

interface PriceTableProps {
  prices: AdminPrice[];
  currencies: AdminPaymentCurrency[];
}

/** A product's prices: what each charges, its nickname, whether it is on sale, and what may be done to it. */
export function PriceTable({ prices, currencies }: PriceTableProps) {
  const t = useTranslate();
  const theme = useTheme();
  // A phone keeps what a row is and what may be done to it; the nickname goes under the amount.
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  if (prices.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2">
        {t('payment.admin.product.noPrices')}
      </Typography>
    );
  }
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('payment.admin.product.prices')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payment.admin.price.amount')}</TableCell>
            {isPhone ? null : <TableCell>{t('payment.admin.price.nickname')}</TableCell>}
            <TableCell>{t('payment.admin.status.label')}</TableCell>
            {isPhone ? null : <TableCell>{t('payment.admin.field.created')}</TableCell>}
            <TableCell align="right">{t('payment.admin.field.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {prices.map((price) => (
            <TableRow key={price.id}>
              <TableCell sx={{ fontWeight: 500 }}>
                {describePrice(price, currencies, t)}
                {isPhone && price.nickname ? (
                  <Typography variant="body2" color="text.secondary">
                    {price.nickname}
                  </Typography>
                ) : null}
              </TableCell>
              {isPhone ? null : <TableCell>{price.nickname}</TableCell>}
              <TableCell>
                <ActiveChip isActive={price.active} />
              </TableCell>
              {isPhone ? null : (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeMinutes(price.created_at)}</TableCell>
              )}
              <TableCell>
                <PriceActions price={price} productPrices={prices} currencies={currencies} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

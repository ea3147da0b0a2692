import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PaymentCurrency, Supporter } from '@bazaar/schemas';
import { formatDate } from '../format/format-date.ts';
import { formatMoney } from '@bazaar/money';
import { transactionUrl } from '../format/format-payment-details.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { AVATAR_SIZE } from './supporter-avatars.tsx';
import { SupporterAvatar } from './supporter-avatar.tsx';
import { SupportersHeadline } from './supporters-headline.tsx';
import type { Donation } from './use-donation.ts';

/** The list scrolls past this height. */
const LIST_MAX_HEIGHT = 300;

/** A supporter's own row leads to their invoice; a public chain donation to its transaction. */
function paymentUrl(supporter: Supporter, apiBaseUrl: string): string | null {
  if (supporter.invoice_id) {
    return `${apiBaseUrl.replace(/\/$/, '')}/customer/invoice/${encodeURIComponent(supporter.invoice_id)}`;
  }
  const details = supporter.payment_details;
  return details && 'tx_hash' in details ? transactionUrl(details) : null;
}

function SupporterRow({ supporter, currency }: { supporter: Supporter; currency: PaymentCurrency | null }) {
  const { t, apiBaseUrl } = usePaymentContext();
  const url = paymentUrl(supporter, apiBaseUrl);
  const amount =
    supporter.amount_total === null
      ? t('payment.donate.amountHidden')
      : currency
        ? formatMoney(supporter.amount_total, currency)
        : '';
  return (
    <TableRow hover={url !== null}>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <SupporterAvatar supporter={supporter} size={AVATAR_SIZE.list} />
          <Typography variant="body2" noWrap>
            {supporter.customer.name ?? t('payment.donate.anonymous')}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell align="right">
        {url ? (
          <Link href={url} target="_blank" rel="noopener" title={t('payment.donate.viewPayment')}>
            {amount}
          </Link>
        ) : (
          <Typography variant="body2" color={supporter.amount_total === null ? 'text.secondary' : undefined}>
            {amount}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
        {formatDate(supporter.updated_at)}
      </TableCell>
    </TableRow>
  );
}

/** The supporters as rows (newest first) under the total and count, with more on request. */
export function SupporterTable({ donation }: { donation: Donation }) {
  const { t } = usePaymentContext();
  const { supporters, totals } = donation;
  if (!totals) return null;
  return (
    <Box>
      <SupportersHeadline totals={totals} />
      {supporters.length === 0 ? null : (
        <Box sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto', mt: 1 }}>
          <Table size="small" stickyHeader aria-label={t('payment.donate.column.supporter')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('payment.donate.column.supporter')}</TableCell>
                <TableCell align="right">{t('payment.donate.column.amount')}</TableCell>
                <TableCell align="right">{t('payment.donate.column.date')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {supporters.map((supporter) => (
                <SupporterRow key={supporter.id} supporter={supporter} currency={totals.currency} />
              ))}
            </TableBody>
          </Table>
          {donation.hasMore ? (
            <Button size="small" fullWidth onClick={donation.loadMore}>
              {t('payment.donate.loadMore')}
            </Button>
          ) : null}
        </Box>
      )}
    </Box>
  );
}

import { useEffect, useEffectEvent, useReducer } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { extractErrorText } from '../api/error-text.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { OverdueScope, OverdueTarget } from './overdue-api.ts';
import { pastDueAddress, payOnPageAddress, subscriptionAddress } from './overdue-addresses.ts';
import { OverdueCurrencyList } from './overdue-currency-list.tsx';
import { UNWATCHED, watchOverdueList } from './overdue-list-watch.ts';
import { useOverdueInvoices } from './use-overdue-invoices.ts';

export interface OverdueInvoicesDialogProps extends OverdueTarget {
  open: boolean;
  /** The payer dismissed the dialog with invoices still overdue. */
  onClose: () => void;
  /** Nothing is overdue any more: the dialog closes itself and says so once. */
  onPaid?: (scope: OverdueScope) => void;
  /** Where the past-due page links back to; the current address by default. */
  referer?: string;
}

/**
 * The past-due dialog, opened when a submit is refused with CUSTOMER_LIMITED: what a
 * subscription or customer owes per currency, each with its pay action. Chain currencies are
 * paid here through the payer's wallet; card invoices are paid on the invoice page, in a new
 * tab. The dialog refetches when one is paid and closes when nothing remains.
 */
export function OverdueInvoicesDialog(props: OverdueInvoicesDialogProps) {
  const { open, onClose, onPaid } = props;
  const { t, apiBaseUrl } = usePaymentContext();
  const { scope, data, error, refetch } = useOverdueInvoices(props, open);
  const [watch, look] = useReducer(watchOverdueList, UNWATCHED);
  const invoiceCount = data && scope ? data.invoices.length : null;
  // The list arrives from the query between renders: each read, and each opening and closing, is
  // folded into what this opening has seen.
  useEffect(() => look({ isOpen: open, invoiceCount }), [open, invoiceCount]);
  const isDone = watch.isPaidOff;
  const reportPaid = useEffectEvent(() => {
    if (scope) onPaid?.(scope);
  });
  useEffect(() => {
    if (isDone) reportPaid();
  }, [isDone]);

  const referer = props.referer ?? globalThis.location?.href;
  const detailsHref =
    scope?.kind === 'subscription'
      ? subscriptionAddress(apiBaseUrl, scope.id)
      : pastDueAddress(apiBaseUrl, referer);

  return (
    <Dialog open={open && !isDone} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="overdue-title">
      <DialogTitle id="overdue-title">{t('payment.overdue.title')}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error">{extractErrorText(error, t)}</Alert>
        ) : !data ? (
          <Skeleton variant="rounded" height={72} aria-label={t('common.loading')} />
        ) : data.invoices.length === 0 ? (
          <Typography color="text.secondary">{t('payment.overdue.empty')}</Typography>
        ) : (
          <>
            <Typography color="text.secondary">
              {t(
                scope?.kind === 'subscription'
                  ? 'payment.overdue.description.subscription'
                  : 'payment.overdue.description.customer',
              )}
            </Typography>
            <OverdueCurrencyList
              scope={scope}
              data={data}
              refetch={refetch}
              payOnPageHref={(invoices) => payOnPageAddress(apiBaseUrl, invoices, referer)}
            />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, justifyContent: 'space-between' }}>
        {scope ? (
          <Link href={detailsHref} target="_blank" rel="noopener" underline="hover">
            {t('payment.overdue.viewDetails')}
          </Link>
        ) : (
          <span />
        )}
        <Button onClick={onClose}>{t('payment.overdue.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

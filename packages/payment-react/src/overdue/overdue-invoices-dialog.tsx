import { useEffect, useReducer, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { extractErrorText } from '../api/error-text.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { OverdueScope, OverdueTarget } from './overdue-api.ts';
import { pastDueAddress, payOnPageAddress, subscriptionAddress } from './overdue-addresses.ts';
import { OverdueCurrencyRow } from './overdue-currency-row.tsx';
import { IDLE_PAYMENT, transitionOverduePayments } from './overdue-payment-machine.ts';
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
 * The past-due dialog (payment-kit.md §2, §4): what a subscription or customer owes per
 * currency, each with its pay action. Card invoices are paid on the invoice page, in a new tab;
 * this dialog refetches when one is paid and closes when nothing remains.
 */
export function OverdueInvoicesDialog(props: OverdueInvoicesDialogProps) {
  const { open, onClose, onPaid } = props;
  const { t, apiBaseUrl } = usePaymentContext();
  const { scope, data, error } = useOverdueInvoices(props, open);
  const [payments, dispatch] = useReducer(transitionOverduePayments, {});
  const [isDone, setIsDone] = useState(false);
  const hasSeenInvoices = useRef(false);
  const paidCallback = useRef(onPaid);
  paidCallback.current = onPaid;

  useEffect(() => {
    if (!open) {
      hasSeenInvoices.current = false;
      setIsDone(false);
      return;
    }
    if (!data || !scope) return;
    if (data.invoices.length > 0) hasSeenInvoices.current = true;
    // Only a list that emptied means paid; one empty from the start has nothing to report.
    else if (hasSeenInvoices.current && !isDone) {
      setIsDone(true);
      paidCallback.current?.(scope);
    }
  }, [open, data, scope, isDone]);

  const referer = props.referer ?? globalThis.location?.href;
  const pay = (currencyId: string) => {
    dispatch({ type: 'pay', currencyId });
    // Card invoices are paid one by one on the invoice page (payment-kit.md §5); paying a chain
    // currency here needs the payer's wallet, which arrives with the chain methods.
    dispatch({ type: 'failed', currencyId, error: t('payment.error.notSupport'), code: 'notSupport' });
  };
  const detailsHref =
    scope?.kind === 'subscription'
      ? subscriptionAddress(apiBaseUrl, scope.id)
      : pastDueAddress(apiBaseUrl, referer);
  const entries = Object.entries(data?.summary ?? {});

  return (
    <Dialog open={open && !isDone} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="overdue-title">
      <DialogTitle id="overdue-title">{t('payment.overdue.title')}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error">{extractErrorText(error, t)}</Alert>
        ) : !data ? (
          <Skeleton variant="rounded" height={72} aria-label={t('common.loading')} />
        ) : entries.length === 0 ? (
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
            {entries.map(([currencyId, entry], index) => {
              const invoices = data.invoices.filter((invoice) => invoice.currency_id === currencyId);
              return (
                <div key={currencyId}>
                  {index > 0 ? <Divider /> : null}
                  <OverdueCurrencyRow
                    entry={entry}
                    invoiceCount={invoices.length}
                    state={payments[currencyId] ?? IDLE_PAYMENT}
                    payOnPageHref={payOnPageAddress(apiBaseUrl, invoices, referer)}
                    onPay={() => pay(currencyId)}
                  />
                </div>
              );
            })}
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

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatMoney } from '@bazaar/money';
import { useSessionUser } from '../api/use-session-user.ts';
import { OverdueInvoicesDialog } from '../overdue/overdue-invoices-dialog.tsx';
import { useOverdueInvoices } from '../overdue/use-overdue-invoices.ts';
import { usePaymentContext } from '../provider/payment-context.ts';

/**
 * A warning at the top of the customer area while the signed-in customer has past-due invoices:
 * what is due per currency, and "Pay now" opening the overdue dialog. It shares the dialog's
 * query, so a payment there (or anywhere: `invoice.paid`) makes it go away; hidden otherwise.
 */
export function PastDueNotice() {
  const { t, locale } = usePaymentContext();
  const user = useSessionUser();
  const did = user.data?.did ?? null;
  const { data, refetch } = useOverdueInvoices({ customerId: did }, did !== null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  if (did === null) return null;

  const count = data?.invoices.length ?? 0;
  const amounts = Object.values(data?.summary ?? {}).map((due) => formatMoney(due.amount, due.currency));
  return (
    <>
      {count > 0 ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => setIsDialogOpen(true)}>
              {t('payment.customer.pastDue.pay')}
            </Button>
          }
        >
          {t('payment.customer.pastDue.notice', {
            count,
            amount: new Intl.ListFormat(locale, { type: 'conjunction' }).format(amounts),
          })}{' '}
          {t('payment.customer.pastDue.hint')}
        </Alert>
      ) : null}
      <OverdueInvoicesDialog
        open={isDialogOpen}
        customerId={did}
        onClose={() => setIsDialogOpen(false)}
        onPaid={() => {
          setIsDialogOpen(false);
          refetch();
        }}
      />
    </>
  );
}

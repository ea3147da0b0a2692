import { lazy, Suspense } from 'react';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { Invoice } from '@bazaar/schemas';
import { CollectProgress } from '../overdue/collect-progress.tsx';
import { useTranslate } from '../provider/payment-context.ts';
import { useInvoiceWalletPayment } from './use-invoice-wallet-payment.ts';

// Only a payer without a linked wallet sees it.
const BindWalletDialog = lazy(() =>
  import('../wallet/bind-wallet-dialog.tsx').then((module) => ({ default: module.BindWalletDialog })),
);

export interface InvoiceWalletPaymentProps {
  invoice: Invoice;
  /** The invoice reads paid. */
  onPaid: () => void;
}

/** Pay now for a chain invoice: the payer's wallet approves the vault if asked, and the vault collects. */
export function InvoiceWalletPayment({ invoice, onPaid }: InvoiceWalletPaymentProps) {
  const t = useTranslate();
  const { state, pay, connectWallet, cancelBinding } = useInvoiceWalletPayment(invoice, onPaid);
  const isBusy = state.status === 'processing' || state.status === 'walletBinding';

  return (
    <Stack spacing={2} aria-busy={isBusy}>
      <CollectProgress state={state} approveNotice="payment.invoice.approveNotice" />
      {state.status === 'error' ? <Alert severity="error">{state.error}</Alert> : null}
      <Button
        variant="contained"
        size="large"
        disabled={isBusy}
        onClick={pay}
        startIcon={
          isBusy ? <CircularProgress size={18} color="inherit" /> : <LockOutlinedIcon fontSize="small" />
        }
      >
        {state.status === 'error' ? t('common.retry') : t('payment.invoice.payNow')}
      </Button>
      {state.status === 'walletBinding' ? (
        <Suspense fallback={null}>
          <BindWalletDialog
            network={invoice.payment_method.name}
            phase={state.phase}
            error={state.error}
            onConnect={connectWallet}
            onCancel={cancelBinding}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

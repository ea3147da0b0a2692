import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { MessageKey } from '@bazaar/i18n';
import { formatTokenAmount } from '@bazaar/money';
import { useTranslate } from '../provider/payment-context.ts';
import type { CollectStep, CurrencyPaymentState } from './overdue-payment-machine.ts';

const STEP_TEXT: Record<CollectStep, MessageKey> = {
  requesting: 'payment.overdue.preparing',
  confirming: 'payment.checkout.wallet.confirming',
  waiting: 'payment.checkout.wallet.waiting',
  collecting: 'payment.checkout.paying',
};

export interface CollectProgressProps {
  state: CurrencyPaymentState;
  /** What the approval covers, with `{amount}`: it differs between the overdue list and one invoice. */
  approveNotice: 'payment.overdue.approveNotice' | 'payment.invoice.approveNotice';
}

/**
 * Where a chain payment through `collect-batch` stands: its step, the approval the wallet is
 * asked for, and a balance that falls short (the overdue rows and the invoice page).
 */
export function CollectProgress({ state, approveNotice }: CollectProgressProps) {
  const t = useTranslate();
  const wallet = state.status === 'processing' || state.status === 'error' ? state.wallet : null;
  const isApproving =
    state.status === 'processing' && (state.step === 'confirming' || state.step === 'waiting');

  return (
    <>
      {state.status === 'processing' ? (
        <Typography role="status" variant="body2" color="text.secondary">
          {t(STEP_TEXT[state.step])}
        </Typography>
      ) : null}
      {isApproving && wallet ? (
        <Typography variant="body2" color="text.secondary">
          {t(approveNotice, { amount: formatTokenAmount(wallet.chain.approve_amount, wallet.chain.token) })}
        </Typography>
      ) : null}
      {wallet?.isBalanceLow ? (
        <Alert severity="warning" variant="outlined">
          {t('payment.checkout.wallet.balanceLow', {
            amount: formatTokenAmount(wallet.chain.amount, wallet.chain.token),
            symbol: wallet.chain.token.symbol,
          })}
        </Alert>
      ) : null}
    </>
  );
}

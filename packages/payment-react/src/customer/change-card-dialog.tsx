import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { AuthenticationDialog } from '../checkout/authentication-dialog.tsx';
import { PaymentCardStep } from '../checkout/payment-card-step.tsx';
import { formatMoney } from '@bazaar/money';
import { usePaymentContext } from '../provider/payment-context.ts';
import { ActionDialog } from './action-dialog.tsx';
import { fetchSubscription } from './subscription-api.ts';
import { startCardChange } from './subscription-actions-api.ts';
import { useCardFlow } from './use-card-flow.ts';

export interface ChangeCardDialogProps {
  subscription: Subscription;
  onClose: () => void;
  /** The new card is saved; the subscription as it reads now. */
  onChanged: (subscription: Subscription) => void;
}

/**
 * Saves another card for the subscription through the checkout's card step (a setup of 0, so
 * nothing is charged). Only future invoices use it; the dialog says so before the card is asked.
 */
export function ChangeCardDialog({ subscription, onClose, onChanged }: ChangeCardDialogProps) {
  const { api, t } = usePaymentContext();
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const begin = useCallback(
    () => startCardChange(api, subscription.id, idempotencyKey),
    [api, subscription.id, idempotencyKey],
  );
  const settle = useCallback(async () => {
    const current = await fetchSubscription(api, subscription.id);
    queryClient.setQueryData(queryKeys.subscription(subscription.id), current);
    onChanged(current);
    return true;
  }, [api, subscription.id, queryClient, onChanged]);
  const { state, start, confirmCard, confirmAtProvider, authenticate } = useCardFlow({ begin, settle });

  // The setup is readied when the dialog opens (`start` keeps its identity while it is open).
  useEffect(() => {
    void start();
  }, [start]);

  const isWorking = state.status === 'submitting' || state.status === 'paying';
  const error = state.status === 'failed' ? state.error : state.status === 'idle' ? state.error : null;

  return (
    <ActionDialog
      title={t('payment.subscription.changePayment.title')}
      isBusy={isWorking || (state.status === 'card' && state.isConfirming)}
      onClose={onClose}
      actions={
        state.status === 'card' ? undefined : (
          <>
            <Button onClick={onClose} disabled={isWorking}>
              {t('common.cancel')}
            </Button>
            {error ? (
              <Button variant="contained" onClick={() => void start()}>
                {t('common.retry')}
              </Button>
            ) : null}
          </>
        )
      }
    >
      <Stack spacing={2}>
        <Typography color="text.secondary">{t('payment.subscription.changePayment.notice')}</Typography>
        {state.status === 'card' ? (
          <PaymentCardStep
            purpose="saveCard"
            card={state.card}
            isConfirming={state.isConfirming}
            error={state.error}
            isTestMode={!subscription.livemode}
            onConfirmTestCard={(card) => void confirmCard(card)}
            onConfirmAtProvider={(confirm) => void confirmAtProvider(confirm)}
            onCancel={onClose}
          />
        ) : null}
        {isWorking ? (
          <CircularProgress sx={{ alignSelf: 'center' }} aria-label={t('common.loading')} />
        ) : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
      </Stack>
      <AuthenticationDialog
        isOpen={state.status === 'authenticating'}
        amount={formatMoney('0', subscription.currency)}
        onDecide={authenticate}
      />
    </ActionDialog>
  );
}

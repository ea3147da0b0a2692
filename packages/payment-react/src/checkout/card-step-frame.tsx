import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';
import type { MessageKey } from '@bazaar/i18n';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { CardPurpose } from './card-purpose.ts';

const CONFIRM_LABEL: Record<CardPurpose, MessageKey> = {
  pay: 'payment.checkout.card.confirm',
  startTrial: 'payment.checkout.card.startTrial',
  saveCard: 'payment.checkout.card.saveCard',
};

export interface CardStepFrameProps {
  purpose: CardPurpose;
  isConfirming: boolean;
  /** The confirm button waits too (a provider's form still loading). */
  isReady?: boolean;
  error: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** The card fields: the test network's form, or a provider's. */
  children: ReactNode;
}

/** What every card step shows around its fields: the title, what a setup means, the error, confirm and cancel. */
export function CardStepFrame({
  purpose,
  isConfirming,
  isReady = true,
  error,
  onSubmit,
  onCancel,
  children,
}: CardStepFrameProps) {
  const { t } = usePaymentContext();
  return (
    <Stack
      component="form"
      spacing={1.5}
      noValidate
      onSubmit={onSubmit}
      aria-label={t('payment.checkout.card.title')}
    >
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('payment.checkout.card.title')}
      </Typography>
      {purpose === 'pay' ? null : (
        <Typography variant="body2" color="text.secondary">
          {t('payment.checkout.card.setupNotice')}
        </Typography>
      )}
      {children}
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={isConfirming || !isReady}
        startIcon={isConfirming ? <CircularProgress size={18} color="inherit" /> : null}
      >
        {isConfirming ? t('payment.checkout.action.processing') : t(CONFIRM_LABEL[purpose])}
      </Button>
      <Button variant="text" onClick={onCancel} disabled={isConfirming}>
        {t('common.cancel')}
      </Button>
    </Stack>
  );
}

import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { CheckoutSession } from '@bazaar/schemas';
import { useTranslate } from '../provider/payment-context.ts';
import { payButtonLabel } from './pay-button-label.ts';
import { isSubmitBusy, type SubmitState } from './submit-machine.ts';

export interface PayButtonProps {
  session: CheckoutSession;
  state: SubmitState;
  isGuest: boolean;
  isBlocked: boolean;
}

/** The main action; it stays in reach at the bottom of a phone screen. */
export function PayButton({ session, state, isGuest, isBlocked }: PayButtonProps) {
  const t = useTranslate();
  const isBusy = isSubmitBusy(state);
  const label =
    state.status === 'paying'
      ? t('payment.checkout.paying')
      : isBusy
        ? t('payment.checkout.action.processing')
        : payButtonLabel(session, isGuest, t);

  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={isBusy || isBlocked}
      startIcon={
        isBusy ? <CircularProgress size={18} color="inherit" /> : <LockOutlinedIcon fontSize="small" />
      }
      sx={{
        py: 1.5,
        position: { xs: 'sticky', md: 'static' },
        bottom: { xs: 16, md: 'auto' },
        zIndex: 1,
        boxShadow: { xs: '0 6px 20px rgba(26,31,54,0.18)', md: 'none' },
      }}
    >
      {label}
    </Button>
  );
}

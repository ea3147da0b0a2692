import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import Skeleton from '@mui/material/Skeleton';
import { ApiError } from '../api/api-error.ts';
import { extractErrorText } from '../api/error-text.ts';
import { StatusPanel } from '../primitives/status-panel.tsx';
import { usePaymentContext } from '../provider/payment-context.ts';
import { LoginRequiredPanel } from './login-required-panel.tsx';

/**
 * What a customer page shows before its object is there: the sign-in panel for a visitor (the
 * API answers 401), the error that stopped it, or a skeleton while it loads.
 */
export function CustomerPageFallback({ error }: { error: unknown }) {
  const { t } = usePaymentContext();
  if (error instanceof ApiError && error.status === 401) return <LoginRequiredPanel />;
  if (error) {
    return (
      <StatusPanel
        icon={<ErrorOutlineRoundedIcon color="error" />}
        title={t('payment.checkout.error.title')}
        description={extractErrorText(error, t)}
      />
    );
  }
  return <Skeleton variant="rounded" height={320} sx={{ maxWidth: 720, mx: 'auto', my: 6 }} />;
}

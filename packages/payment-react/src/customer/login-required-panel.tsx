import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { StatusPanel } from '../primitives/status-panel.tsx';
import { usePaymentContext } from '../provider/payment-context.ts';

/** Customer pages require sign-in (payment-kit.md §6): the host decides how to sign in. */
export function LoginRequiredPanel() {
  const { t, requestLogin } = usePaymentContext();
  return (
    <StatusPanel icon={<LockOutlinedIcon color="action" />} title={t('payment.invoice.loginRequired')}>
      <Button variant="contained" onClick={requestLogin}>
        {t('payment.invoice.login')}
      </Button>
    </StatusPanel>
  );
}

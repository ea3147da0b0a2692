import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { StatusPanel } from '../primitives/status-panel.tsx';
import { usePaymentContext } from '../provider/payment-context.ts';

/** Customer pages show a customer's own objects only, so a visitor signs in first; the host decides how. */
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

import Chip from '@mui/material/Chip';
import { useTranslate } from '@bazaar/payment-react';

/** Whether an object is on sale (active) or archived. */
export function ActiveChip({ isActive }: { isActive: boolean }) {
  const t = useTranslate();
  return isActive ? (
    <Chip size="small" color="success" variant="outlined" label={t('payment.admin.status.active')} />
  ) : (
    <Chip size="small" variant="outlined" label={t('payment.admin.status.archived')} />
  );
}

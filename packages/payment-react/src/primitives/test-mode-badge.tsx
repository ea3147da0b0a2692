import Chip from '@mui/material/Chip';
import { useTranslate } from '../provider/payment-context.ts';

/** Shown whenever the data on screen is test-mode data, so nobody mistakes it for a real charge. */
export function TestModeBadge() {
  const t = useTranslate();
  return (
    <Chip
      label={t('common.testMode')}
      size="small"
      sx={{ bgcolor: '#ffde92', color: '#7a3a00', fontWeight: 600, borderRadius: 1, height: 22 }}
    />
  );
}

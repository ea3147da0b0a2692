import Chip from '@mui/material/Chip';
import { useTranslate } from '@bazaar/payment-react';
import type { TestClockStatus } from '@bazaar/schemas';

const COLORS = { ready: 'success', advancing: 'info', internal_failure: 'error' } as const;

/** Whether a clock stands ready, is advancing, or stopped on a failure. */
export function TestClockStatusChip({ status }: { status: TestClockStatus }) {
  const t = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={t(`payment.admin.testClock.status.${status}`)}
    />
  );
}

import Typography from '@mui/material/Typography';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { TestClock } from '@bazaar/schemas';
import { OwnedRow, OwnedRows } from './owned-row.tsx';

/** The test clock the customer lives in: its name and the time it is frozen at, which their billing reads as now. */
export function CustomerTestClock({ clock }: { clock: TestClock }) {
  const t = useTranslate();
  return (
    <OwnedRows>
      <OwnedRow>
        <Typography variant="body2" sx={{ flex: 1, fontWeight: 500 }}>
          {clock.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('payment.admin.customer.frozenAt', { time: formatDateTimeMinutes(clock.frozen_time) })}
        </Typography>
      </OwnedRow>
    </OwnedRows>
  );
}

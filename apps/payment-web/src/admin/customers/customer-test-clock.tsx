import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { TestClock } from '@bazaar/schemas';
import { OwnedRow, OwnedRows } from './owned-row.tsx';

/**
 * The test clock the customer lives in: its name (opening the clock, where it is advanced) and the
 * time it is frozen at, which their billing reads as now.
 */
export function CustomerTestClock({ clock }: { clock: TestClock }) {
  const t = useTranslate();
  return (
    <OwnedRows>
      <OwnedRow>
        <Link
          component={RouterLink}
          to={`/admin/test-clocks/${encodeURIComponent(clock.id)}`}
          variant="body2"
          sx={{ flex: 1, fontWeight: 500 }}
        >
          {clock.name}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {t('payment.admin.customer.frozenAt', { time: formatDateTimeMinutes(clock.frozen_time) })}
        </Typography>
      </OwnedRow>
    </OwnedRows>
  );
}

import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { AdminTestClock, TestClockAdvance } from '@bazaar/schemas';

/**
 * How far the advance has come, as a share of its span of time: it steps through due moments in
 * order, so the time reached is its progress (how much is due further on is known only on the way).
 */
function percentDone(frozenTime: number, advance: TestClockAdvance): number {
  const span = advance.target_frozen_time - advance.from_time;
  if (span <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor(((frozenTime - advance.from_time) / span) * 100)));
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** The latest advance: its span, how far it came (a bar while it runs), what it did, and why it stopped if it failed. */
export function AdvanceProgress({ clock, advance }: { clock: AdminTestClock; advance: TestClockAdvance }) {
  const t = useTranslate();
  const percent = percentDone(clock.frozen_time, advance);
  const reached = formatDateTimeMinutes(clock.frozen_time);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          {t('payment.admin.testClock.advanceRange', {
            from: formatDateTimeMinutes(advance.from_time),
            to: formatDateTimeMinutes(advance.target_frozen_time),
          })}
        </Typography>
        {clock.status === 'advancing' ? (
          <Stack spacing={0.75}>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={t('payment.admin.testClock.latestAdvance')}
            />
            <Typography variant="body2" role="status">
              {t('payment.admin.testClock.advanceProgress', { time: reached, percent })}
            </Typography>
          </Stack>
        ) : null}
        {clock.status === 'ready' ? (
          <Alert severity="success">{t('payment.admin.testClock.advanceDone', { time: reached })}</Alert>
        ) : null}
        {clock.status === 'internal_failure' ? (
          <Alert severity="error">
            {t('payment.admin.testClock.advanceFailed', {
              time: reached,
              reason: advance.failure_message ?? '',
            })}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={4}>
          <Count label={t('payment.admin.testClock.renewals')} value={advance.renewals} />
          <Count label={t('payment.admin.testClock.paymentAttempts')} value={advance.payment_attempts} />
        </Stack>
      </Stack>
    </Paper>
  );
}

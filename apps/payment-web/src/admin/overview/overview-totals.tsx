import Box from '@mui/material/Box';
import { formatMoney } from '@bazaar/money';
import { useTranslate } from '@bazaar/payment-react';
import type { CurrencyMetrics, MetricsOverview } from '@bazaar/schemas';
import { formatRate } from './chart-values.ts';
import { MetricCard } from './metric-card.tsx';

interface OverviewTotalsProps {
  metrics: CurrencyMetrics;
  attempts: MetricsOverview['payment_attempts'];
}

/** The range's totals in one currency, exact, as cards that stack at phone width. */
export function OverviewTotals({ metrics, attempts }: OverviewTotalsProps) {
  const t = useTranslate();
  const { currency, totals } = metrics;
  const attemptCount = attempts.succeeded + attempts.failed;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        mb: 3,
      }}
    >
      <MetricCard
        label={t('payment.admin.overview.grossVolume')}
        value={formatMoney(totals.gross_volume, currency)}
        detail={t('payment.admin.overview.paymentCount', { count: totals.payment_count })}
      />
      <MetricCard
        label={t('payment.admin.overview.netRevenue')}
        value={formatMoney(totals.net_revenue, currency)}
      />
      <MetricCard label={t('payment.admin.overview.refunds')} value={formatMoney(totals.refunds, currency)} />
      <MetricCard
        label={t('payment.admin.overview.donations')}
        value={formatMoney(totals.donations, currency)}
      />
      <MetricCard
        label={t('payment.admin.overview.mrr')}
        value={formatMoney(metrics.mrr.current, currency)}
      />
      <MetricCard
        label={t('payment.admin.overview.activeSubscriptions')}
        value={String(metrics.active_subscriptions)}
      />
      <MetricCard
        label={t('payment.admin.overview.successRate')}
        value={attempts.rate_bp === null ? '—' : formatRate(attempts.rate_bp)}
        detail={
          attemptCount === 0
            ? t('payment.admin.overview.noAttempts')
            : t('payment.admin.overview.attempts', { succeeded: attempts.succeeded, attempts: attemptCount })
        }
      />
    </Box>
  );
}

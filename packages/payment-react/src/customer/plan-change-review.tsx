import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlanChangePreview, Price, Subscription } from '@bazaar/schemas';
import { formatDate } from '../format/format-date.ts';
import { formatMoney } from '../format/format-money.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { planName } from './plan-option-list.tsx';

export interface PlanChangeReviewProps {
  subscription: Subscription;
  price: Price;
  preview: PlanChangePreview | undefined;
}

/**
 * What the change does, as the server previewed it: credit for the unused time, the new plan's
 * charge, credit applied, the amount due today, credit left over, and the next invoice.
 */
export function PlanChangeReview({ subscription, price, preview }: PlanChangeReviewProps) {
  const t = useTranslate();
  if (!preview) return <Skeleton variant="rounded" height={180} aria-label={t('common.loading')} />;
  const money = (amount: string, sign: '' | '-' = '') =>
    formatMoney(`${sign}${amount}`, subscription.currency);
  const isTrial = subscription.status === 'trialing';
  const restartsPeriod = !isTrial && preview.period_start !== subscription.current_period_start;
  const rows = [
    {
      key: 'unused',
      label: t('payment.subscription.changePlan.unusedCredit'),
      amount: preview.unused_credit,
      sign: '-',
    },
    {
      key: 'charge',
      label: t('payment.subscription.changePlan.newCharge', {
        plan: planName(price),
        date: formatDate(preview.period_end),
      }),
      amount: preview.new_charge,
      sign: '',
    },
    {
      key: 'applied',
      label: t('payment.subscription.changePlan.appliedCredit'),
      amount: preview.applied_credit,
      sign: '-',
    },
  ] as const;

  return (
    <Stack spacing={1.5} data-testid="plan-change-review">
      {isTrial ? <Alert severity="info">{t('payment.subscription.changePlan.trialNotice')}</Alert> : null}
      {isTrial
        ? null
        : rows
            .filter((row) => row.key === 'charge' || BigInt(row.amount) > 0n)
            .map((row) => <ReviewRow key={row.key} label={row.label} value={money(row.amount, row.sign)} />)}
      <Divider />
      <ReviewRow
        label={t('payment.subscription.changePlan.remaining')}
        value={money(preview.amount_due_today)}
        isTotal
      />
      {BigInt(preview.new_credit) > 0n ? (
        <ReviewRow label={t('payment.subscription.changePlan.newCredit')} value={money(preview.new_credit)} />
      ) : null}
      <ReviewRow
        label={t('payment.subscription.changePlan.nextInvoice', {
          date: formatDate(preview.next_invoice_at),
        })}
        value={money(preview.next_invoice_amount)}
      />
      {restartsPeriod ? (
        <Typography variant="body2" color="text.secondary">
          {t('payment.subscription.changePlan.restartsPeriod')}
        </Typography>
      ) : null}
    </Stack>
  );
}

function ReviewRow({ label, value, isTotal = false }: { label: string; value: string; isTotal?: boolean }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography
        color={isTotal ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: isTotal ? 600 : 400 }}
      >
        {label}
      </Typography>
      <Typography
        sx={{ fontWeight: isTotal ? 700 : 500, whiteSpace: 'nowrap' }}
        variant={isTotal ? 'h6' : 'body1'}
      >
        {value}
      </Typography>
    </Stack>
  );
}

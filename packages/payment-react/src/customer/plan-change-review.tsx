import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlanChangePreview, Price, Subscription } from '@bazaar/schemas';
import { formatDate } from '../format/format-date.ts';
import { formatMoney } from '@bazaar/money';
import { useTranslate } from '../provider/payment-context.ts';
import type { PlanChangeTexts } from './plan-change-texts.ts';
import { planName } from './plan-option-list.tsx';

export interface PlanChangeReviewProps {
  subscription: Subscription;
  price: Price;
  preview: PlanChangePreview | undefined;
  texts: Pick<PlanChangeTexts, 'appliedCredit' | 'restartsPeriod' | 'trialNotice'>;
}

/**
 * What the change does, as the server previewed it: the new plan's charge less the credit for
 * unused time and any credit from the balance, the amount due today, credit kept, the next invoice.
 */
export function PlanChangeReview({ subscription, price, preview, texts }: PlanChangeReviewProps) {
  const t = useTranslate();
  if (!preview) return <Skeleton variant="rounded" height={180} aria-label={t('common.loading')} />;
  const money = (amount: bigint | string) => formatMoney(amount, subscription.currency);
  const isTrial = subscription.status === 'trialing';
  const currentRecurring = subscription.items[0]?.price.recurring;
  const restartsPeriod =
    !isTrial &&
    (price.recurring?.interval !== currentRecurring?.interval ||
      price.recurring?.interval_count !== currentRecurring?.interval_count);
  // The preview's applied credit includes the unused time; only the rest came from the balance.
  const unused = BigInt(preview.unused_credit);
  const applied = BigInt(preview.applied_credit);
  const fromBalance = applied > unused ? applied - unused : 0n;
  const rows = [
    {
      key: 'charge',
      label: t('payment.subscription.changePlan.newCharge', {
        plan: planName(price),
        date: formatDate(preview.period_end),
      }),
      amount: BigInt(preview.new_charge),
    },
    { key: 'unused', label: t('payment.subscription.changePlan.unusedCredit'), amount: -unused },
    { key: 'applied', label: t(texts.appliedCredit), amount: -fromBalance },
  ];

  return (
    <Stack spacing={1.5} data-testid="plan-change-review">
      {isTrial ? <Alert severity="info">{t(texts.trialNotice)}</Alert> : null}
      {isTrial
        ? null
        : rows
            .filter((row) => row.key === 'charge' || row.amount !== 0n)
            .map((row) => <ReviewRow key={row.key} label={row.label} value={money(row.amount)} />)}
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
          {t(texts.restartsPeriod)}
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

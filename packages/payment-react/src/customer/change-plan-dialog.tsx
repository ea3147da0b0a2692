import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Translate } from '@bazaar/i18n';
import type { ChangePlanResponse, PlanChangeOption, Subscription } from '@bazaar/schemas';
import { ApiError } from '../api/api-error.ts';
import { extractErrorText } from '../api/error-text.ts';
import { formatMoney } from '@bazaar/money';
import { useTranslate } from '../provider/payment-context.ts';
import { ActionDialog } from './action-dialog.tsx';
import { PlanChangeReview } from './plan-change-review.tsx';
import { CUSTOMER_PLAN_CHANGE_TEXTS, type PlanChangeTexts } from './plan-change-texts.ts';
import { describePlan, PlanOptionList } from './plan-option-list.tsx';
import { useChangePlan, usePlanChangeOptions, usePlanChangePreview } from './use-subscription-actions.ts';

export interface ChangePlanDialogProps {
  subscription: Subscription;
  onClose: () => void;
  onChanged: (result: ChangePlanResponse) => void;
  /** The customer's own words unless an admin changes the plan for them. */
  texts?: PlanChangeTexts;
}

/** A declined card reads "Failed to upgrade your subscription"; any other failure says what it is. */
function changeErrorText(error: unknown, t: Translate, texts: PlanChangeTexts): string {
  return error instanceof ApiError && error.code === 'card_declined'
    ? t(texts.failed)
    : extractErrorText(error, t);
}

/**
 * Two steps: pick a plan among those the server offers, then read the preview (credit for
 * unused time, amount due today, next invoice) and confirm. Confirming charges the saved card
 * for what is due; a decline keeps the current plan and says so.
 */
export function ChangePlanDialog({
  subscription,
  onClose,
  onChanged,
  texts = CUSTOMER_PLAN_CHANGE_TEXTS,
}: ChangePlanDialogProps) {
  const t = useTranslate();
  const options = usePlanChangeOptions(subscription.id, true);
  const [selectedPriceId, setSelectedPriceId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<PlanChangeOption | null>(null);
  const preview = usePlanChangePreview(subscription.id, chosen && { price_id: chosen.price.id });
  const change = useChangePlan(subscription.id);
  // One key per review: a double click or a retried request changes and charges once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const current = subscription.items[0];

  const review = () => {
    setChosen(options.data?.find((option) => option.price.id === selectedPriceId) ?? null);
    setIdempotencyKey(crypto.randomUUID());
    change.reset();
  };
  const confirm = () => {
    if (!chosen) return;
    change.mutate({ body: { price_id: chosen.price.id }, idempotencyKey }, { onSuccess: onChanged });
  };
  const due = preview.data ? BigInt(preview.data.amount_due_today) : 0n;

  const actions = chosen ? (
    <>
      <Button onClick={() => setChosen(null)} disabled={change.isPending}>
        {t('payment.subscription.changePlan.back')}
      </Button>
      <Button
        variant="contained"
        onClick={confirm}
        disabled={!preview.data || change.isPending}
        startIcon={change.isPending ? <CircularProgress size={18} color="inherit" /> : null}
      >
        {due > 0n
          ? t(texts.confirmPay, {
              amount: formatMoney(due, subscription.currency),
            })
          : t('payment.subscription.changePlan.confirm')}
      </Button>
    </>
  ) : (
    <>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button variant="contained" onClick={review} disabled={selectedPriceId === null}>
        {t('payment.subscription.changePlan.review')}
      </Button>
    </>
  );

  return (
    <ActionDialog
      title={t('payment.subscription.changePlan.title')}
      isBusy={change.isPending}
      onClose={onClose}
      actions={options.error ? <Button onClick={onClose}>{t('common.cancel')}</Button> : actions}
    >
      <Stack spacing={2}>
        {current ? (
          <Typography color="text.secondary">
            {t('payment.subscription.changePlan.current', {
              plan: describePlan(current, subscription.currency, t),
            })}
          </Typography>
        ) : null}
        {options.error ? (
          <Alert severity="info">{extractErrorText(options.error, t)}</Alert>
        ) : !options.data ? (
          <Skeleton variant="rounded" height={120} aria-label={t('common.loading')} />
        ) : chosen ? (
          <PlanChangeReview
            subscription={subscription}
            price={chosen.price}
            preview={preview.data}
            texts={texts}
          />
        ) : (
          <>
            <Typography sx={{ fontWeight: 600 }}>{t(texts.choose)}</Typography>
            <PlanOptionList
              label={t(texts.choose)}
              options={options.data}
              currency={subscription.currency}
              selectedPriceId={selectedPriceId}
              onSelect={setSelectedPriceId}
            />
          </>
        )}
        {preview.error ? <Alert severity="error">{extractErrorText(preview.error, t)}</Alert> : null}
        {change.error ? <Alert severity="error">{changeErrorText(change.error, t, texts)}</Alert> : null}
      </Stack>
    </ActionDialog>
  );
}

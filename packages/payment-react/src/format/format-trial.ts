import type { Translate } from '@bazaar/i18n';
import type { CheckoutSession } from '@bazaar/schemas';

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3_600;
const SECONDS_PER_DAY = 86_400;

/**
 * The trial line, or null when none applies: a link's fixed `trial_end` still ahead reads in
 * minutes under an hour, hours under a day, else days (rounded up, so "1 day" never hides a longer
 * wait); otherwise `trial_period_days` in days.
 * Paying in a currency the link's `trial_currency` does not list gets no trial.
 * `formatTrial(session, 'pc_usd', now, t)` → `'7-day free trial'`.
 */
export function formatTrial(
  session: CheckoutSession,
  currencyId: string,
  nowSeconds: number,
  t: Translate,
): string | null {
  if (!session.trial?.applies || !isOfferedIn(session.subscription_data?.trial_currency, currencyId))
    return null;
  const fixedEnd = session.subscription_data?.trial_end ?? null;
  if (fixedEnd !== null && fixedEnd > nowSeconds) {
    const left = fixedEnd - nowSeconds;
    if (left < SECONDS_PER_HOUR) {
      return t('payment.checkout.summary.trial.minute', { count: Math.ceil(left / SECONDS_PER_MINUTE) });
    }
    if (left < SECONDS_PER_DAY) {
      return t('payment.checkout.summary.trial.hour', { count: Math.ceil(left / SECONDS_PER_HOUR) });
    }
    return t('payment.checkout.summary.trial.day', { count: Math.ceil(left / SECONDS_PER_DAY) });
  }
  const days = session.trial.trial_period_days;
  return days > 0 ? t('payment.checkout.summary.trial.day', { count: days }) : null;
}

/** `trial_currency` is a comma list of currency ids; empty offers the trial in every currency. */
function isOfferedIn(trialCurrency: string | undefined, currencyId: string): boolean {
  const listed = (trialCurrency ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return listed.length === 0 || listed.includes(currencyId);
}

/** A payment link's trial terms (its `subscription_data`), all optional. */
export interface TrialSettings {
  trial_period_days?: number | null;
  /** Unix seconds. */
  trial_end?: number | null;
  /** Comma list of currency ids the trial is offered in; empty means every currency. */
  trial_currency?: string | null;
}

export interface TrialDisplay {
  unit: 'minute' | 'hour' | 'day';
  count: number;
}

export interface EffectiveTrial {
  isTrialing: boolean;
  /** Unix seconds when the first period is charged; null without a trial. */
  trialEndsAt: number | null;
  display: TrialDisplay | null;
}

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3_600;
const SECONDS_PER_DAY = 86_400;

const NO_TRIAL: EffectiveTrial = { isTrialing: false, trialEndsAt: null, display: null };

/**
 * The trial a payer gets when paying in `currencyId` at `now` (unix seconds): none if `trial_currency` lists currencies and not this one; else a future `trial_end` (shown in
 * minutes under an hour, hours under a day, else days, always rounded up so "1 day" never hides
 * a longer wait); else `trial_period_days` days.
 */
export function effectiveTrial(
  settings: TrialSettings | null,
  currencyId: string,
  now: number,
): EffectiveTrial {
  if (!settings || !isOfferedIn(settings.trial_currency, currencyId)) return NO_TRIAL;
  const { trial_end: trialEnd, trial_period_days: periodDays } = settings;
  if (trialEnd !== null && trialEnd !== undefined && trialEnd > now) {
    return { isTrialing: true, trialEndsAt: trialEnd, display: displayRemaining(trialEnd - now) };
  }
  if (periodDays !== null && periodDays !== undefined && periodDays > 0) {
    return {
      isTrialing: true,
      trialEndsAt: now + periodDays * SECONDS_PER_DAY,
      display: { unit: 'day', count: periodDays },
    };
  }
  return NO_TRIAL;
}

function isOfferedIn(trialCurrency: string | null | undefined, currencyId: string): boolean {
  const listed = (trialCurrency ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return listed.length === 0 || listed.includes(currencyId);
}

function displayRemaining(seconds: number): TrialDisplay {
  if (seconds < SECONDS_PER_HOUR) return { unit: 'minute', count: Math.ceil(seconds / SECONDS_PER_MINUTE) };
  if (seconds < SECONDS_PER_DAY) return { unit: 'hour', count: Math.ceil(seconds / SECONDS_PER_HOUR) };
  return { unit: 'day', count: Math.ceil(seconds / SECONDS_PER_DAY) };
}

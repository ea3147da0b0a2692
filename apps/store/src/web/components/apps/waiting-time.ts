import type { Translate } from '@bazaar/i18n';

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;
/** Up to two days a wait reads in hours ("waiting 36 h"); beyond, in days. */
const HOURS_UNTIL_S = 2 * DAY_S;

/** How long a version has waited for review, rounded down: `waitingText(t, 3 * 3600)` → 'waiting 3 h'. */
export function waitingText(t: Translate, seconds: number): string {
  if (seconds < MINUTE_S) return t('store.apps.waiting.justNow');
  if (seconds < HOUR_S) return t('store.apps.waiting.minutes', { count: Math.floor(seconds / MINUTE_S) });
  if (seconds < HOURS_UNTIL_S) return t('store.apps.waiting.hours', { count: Math.floor(seconds / HOUR_S) });
  return t('store.apps.waiting.days', { count: Math.floor(seconds / DAY_S) });
}

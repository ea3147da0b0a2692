import type { Translate } from '@bazaar/i18n';
import dayjs from 'dayjs';

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

/**
 * When a comment was posted, as of `nowSeconds`: relative within the day ('just now', '5 min ago',
 * '3 h ago'), else its date and time (`2027-01-15 08:00`) in the reader's time zone.
 */
export function commentTimeText(t: Translate, createdAt: number, nowSeconds: number): string {
  const age = nowSeconds - createdAt;
  if (age < MINUTE_S) return t('store.comments.time.justNow');
  if (age < HOUR_S) return t('store.comments.time.minutes', { count: Math.floor(age / MINUTE_S) });
  if (age < DAY_S) return t('store.comments.time.hours', { count: Math.floor(age / HOUR_S) });
  return dayjs.unix(createdAt).format('YYYY-MM-DD HH:mm');
}

import dayjs from 'dayjs';

/** Dates and times read the same on every page, in the reader's time zone. */
const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const DATE_FORMAT = 'YYYY-MM-DD';
const DATETIME_MINUTES_FORMAT = 'YYYY-MM-DD HH:mm';
const TIME_FORMAT = 'HH:mm:ss';

/** `formatDateTime(1_800_000_000)` → `'2027-01-15 08:00:00'` (in UTC). */
export const formatDateTime = (unixSeconds: number): string =>
  dayjs.unix(unixSeconds).format(DATETIME_FORMAT);

/** `formatDate(1_800_000_000)` → `'2027-01-15'` (in UTC). */
export const formatDate = (unixSeconds: number): string => dayjs.unix(unixSeconds).format(DATE_FORMAT);

/** `formatDateTimeMinutes(1_800_000_000)` → `'2027-01-15 08:00'` (in UTC): for a narrow column. */
export const formatDateTimeMinutes = (unixSeconds: number): string =>
  dayjs.unix(unixSeconds).format(DATETIME_MINUTES_FORMAT);

/** `formatTime(1_800_000_000)` → `'08:00:00'` (in UTC): the time under a date's heading. */
export const formatTime = (unixSeconds: number): string => dayjs.unix(unixSeconds).format(TIME_FORMAT);

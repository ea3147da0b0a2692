import dayjs from 'dayjs';

/** Dates read the same on every Store page, in the reader's time zone (the spec's formats). */
const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const DATE_FORMAT = 'YYYY-MM-DD';

/** `formatDateTime(1_800_000_000)` → `'2027-01-15 08:00:00'` (in UTC). */
export const formatDateTime = (unixSeconds: number): string =>
  dayjs.unix(unixSeconds).format(DATETIME_FORMAT);

/** `formatDate(1_800_000_000)` → `'2027-01-15'` (in UTC). */
export const formatDate = (unixSeconds: number): string => dayjs.unix(unixSeconds).format(DATE_FORMAT);

/**
 * A clock's times as a `datetime-local` field holds them, in the reader's time zone as every
 * page shows times: `toTimeInput(1_800_014_400)` → `'2027-01-15T12:00'` in UTC.
 */
export function toTimeInput(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The unix time of what a `datetime-local` field holds; null when it holds no time. */
export function fromTimeInput(value: string): number | null {
  const millis = new Date(value).getTime();
  return value && Number.isFinite(millis) ? Math.floor(millis / 1000) : null;
}

export type ClockStep = 'day' | 'week' | 'month';

/** `time` a day, a week or a calendar month later (Jan 31 + 1 month is the last of February). */
export function addClockStep(unixSeconds: number, step: ClockStep): number {
  const date = new Date(unixSeconds * 1000);
  if (step === 'day') date.setDate(date.getDate() + 1);
  else if (step === 'week') date.setDate(date.getDate() + 7);
  else {
    const day = date.getDate();
    date.setDate(1);
    date.setMonth(date.getMonth() + 1);
    const lastDay = new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate();
    date.setDate(Math.min(day, lastDay));
  }
  return Math.floor(date.getTime() / 1000);
}

/** The present as unix time: where a new clock starts unless told. */
export const currentUnixTime = () => Math.floor(Date.now() / 1000);

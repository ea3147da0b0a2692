/**
 * UTC days as `2027-01-15`: what daily counts (analytics, downloads) are keyed by, since the
 * text sorts and compares alike in SQLite and PostgreSQL.
 */

export const DAY_MS = 86_400_000;

/** The UTC day of a unix time. */
export function utcDayOf(unixSeconds: number): string {
  return new Date(unixSeconds * 1_000).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

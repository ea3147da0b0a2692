import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlphanumeric(length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

/** An id as Stripe shapes them: `pi_`, `ch_`, `evt_`… then 24 letters and digits. */
export function newId(prefix: string): string {
  return `${prefix}_${randomAlphanumeric(24)}`;
}

/** The intent's id comes first so a client secret names its intent, as Stripe.js relies on. */
export function newClientSecret(intentId: string): string {
  return `${intentId}_secret_${randomAlphanumeric(24)}`;
}

/** The intent a client secret belongs to, or null when it is not shaped like one. */
export function intentIdOfClientSecret(clientSecret: string): string | null {
  const match = /^((?:pi|seti)_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return match ? match[1]! : null;
}

export function newRequestId(): string {
  return `req_${randomAlphanumeric(14)}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

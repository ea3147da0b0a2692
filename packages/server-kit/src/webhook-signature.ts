import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a webhook delivery carries its signatures in. */
export const WEBHOOK_SIGNATURE_HEADER = 'bazaar-signature';

/** How far a signature's time may be from the receiver's clock (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * `t=<unix>,v1=<hex>[,v1=<hex>]`: one HMAC-SHA256 of `"<t>.<body>"` per secret, so a receiver
 * still holding the secret being rolled away verifies as well as one holding the new one.
 */
export function signWebhook(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmacHex(secret, timestamp, body)}`)].join(',');
}

/**
 * Whether `header` signs `body` with `secret` within the tolerance of `now`: what a receiver
 * checks before it trusts a delivery (a replay outside the window fails).
 */
export function verifyWebhook(input: {
  header: string | undefined;
  body: string;
  secret: string;
  now: number;
  toleranceSeconds?: number;
}): boolean {
  if (!input.header) return false;
  const parts = input.header.split(',').map((part) => part.split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(input.now - timestamp) > (input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(hmacHex(input.secret, timestamp, input.body), 'hex');
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
}

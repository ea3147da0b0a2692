import { CHECKOUT_SECRET_HEADER } from '@bazaar/schemas';

/**
 * The client secret of each session this browser opened. The server hands it out once, in the
 * answer that opened the session; it proves a guest is the payer, and shows the payer their own
 * details after a reload. Kept per tab (sessionStorage) so a reload keeps it, and in memory for
 * hosts whose storage is blocked (a third-party iframe).
 */
const secrets = new Map<string, string>();
const storageKey = (sessionId: string) => `bazaar:checkout-secret:${sessionId}`;

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function rememberCheckoutSecret(sessionId: string, secret: string): void {
  secrets.set(sessionId, secret);
  try {
    tabStorage()?.setItem(storageKey(sessionId), secret);
  } catch {
    // Full or blocked storage: the secret lives as long as the page, which is enough to pay.
  }
}

export function readCheckoutSecret(sessionId: string): string | null {
  return secrets.get(sessionId) ?? tabStorage()?.getItem(storageKey(sessionId)) ?? null;
}

/** The header that proves this browser opened the session, when it did. */
export function checkoutSecretHeaders(sessionId: string): Record<string, string> {
  const secret = readCheckoutSecret(sessionId);
  return secret ? { [CHECKOUT_SECRET_HEADER]: secret } : {};
}

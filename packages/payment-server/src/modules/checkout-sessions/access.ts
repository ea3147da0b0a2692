import { timingSafeEqual } from 'node:crypto';
import { randomToken, type SessionUser } from '@bazaar/schemas';
import { AppError, sha256Hex } from '@bazaar/server-kit';
import type { PaymentDb } from '../../db/tables.ts';
import { getCustomer } from '../customers/service.ts';
import { listSessionPayerRows, type CheckoutSessionRow } from './repository.ts';

/**
 * Who is acting on a checkout session: the signed-in user, and the session's client secret when
 * the browser sent one. A session id alone proves nothing: it sits in the page's address.
 */
export interface CheckoutActor {
  user: SessionUser | null;
  secret: string | null;
}

const GUEST_DID_PREFIX = 'anonymous:';

/** Whether the DID is a guest's, made from their email: it must never be shown to others. */
export function isGuestDid(did: string): boolean {
  return did.startsWith(GUEST_DID_PREFIX);
}

/** A guest's donation is kept under a customer keyed by their email. */
export function payerDid(user: SessionUser | null, email: string): string {
  return user?.did ?? `${GUEST_DID_PREFIX}${email.toLowerCase()}`;
}

/** The relay hashes the secrets its sockets present the same way, to match them to sessions. */
export function hashClientSecret(secret: string): string {
  return sha256Hex(secret);
}

/** A new session's secret, Stripe's shape: `cs_…_secret_…`; only its hash is stored. */
export function newClientSecret(sessionId: string): { secret: string; hash: string } {
  const secret = `${sessionId}_secret_${randomToken()}`;
  return { secret, hash: hashClientSecret(secret) };
}

function holdsSecret(row: CheckoutSessionRow, secret: string | null): boolean {
  if (!secret || !row.client_secret_hash) return false;
  // Both sides are sha256 hex digests, so they have one length and compare in constant time.
  return timingSafeEqual(Buffer.from(hashClientSecret(secret)), Buffer.from(row.client_secret_hash));
}

/**
 * Whether the session's secret proves its payer, given the did of its customer (null before the
 * first submit). Once a signed-in customer has submitted, only that user is the payer: the
 * secret stays with whichever browser opened the session, which may be someone who sent the
 * link on. A guest's session (a donation) is its secret holder's.
 */
export function isPaidBySecretHolder(customerDid: string | null): boolean {
  return customerDid === null || customerDid.startsWith(GUEST_DID_PREFIX);
}

/** The did of the customer a session belongs to, or null before its first submit. */
export async function sessionCustomerDid(db: PaymentDb, row: CheckoutSessionRow): Promise<string | null> {
  return row.customer_id ? (await getCustomer(db, row.customer_id)).did : null;
}

/**
 * Whether the actor is the session's payer, who alone sees its personal and card details and
 * hears its events; `customerDid` is the session's (`sessionCustomerDid`).
 */
export function isSessionPayer(
  row: CheckoutSessionRow,
  customerDid: string | null,
  actor: CheckoutActor,
): boolean {
  if (isPaidBySecretHolder(customerDid)) return holdsSecret(row, actor.secret);
  return actor.user?.did === customerDid;
}

/** The customer and secret hash of each of these sessions, in one query: who hears its events. */
export async function listSessionPayers(
  db: PaymentDb,
  ids: readonly string[],
): Promise<Map<string, { customerId: string | null; secretHash: string | null }>> {
  const rows = await listSessionPayerRows(db, ids);
  return new Map(
    rows.map((row) => [row.id, { customerId: row.customer_id, secretHash: row.client_secret_hash }]),
  );
}

/**
 * A session belongs to the customer who first submits it. Before that, anyone signed in may
 * change or submit it (a shared session link is meant to be paid), but a guest only with the
 * secret of the browser that opened it; after that, only its payer.
 */
export function assertMayActOnSession(
  row: CheckoutSessionRow,
  customerDid: string | null,
  actor: CheckoutActor,
): void {
  if (customerDid === null && actor.user) return;
  if (isSessionPayer(row, customerDid, actor)) return;
  if (!actor.user && customerDid === null) {
    throw new AppError(
      'CHECKOUT_SECRET_REQUIRED',
      'Only the browser that opened this checkout may pay it without signing in',
    );
  }
  throw sessionTakenError();
}

/**
 * The submit's payer must be the customer the session already belongs to: a guest who changes
 * their email, or another account in the browser that opened it, would move the payment.
 */
export function assertSameCustomer(customerDid: string | null, payerDid: string): void {
  if (customerDid !== null && customerDid !== payerDid) throw sessionTakenError();
}

/** The session already pays for another customer. */
export function sessionTakenError(): AppError {
  return new AppError('CHECKOUT_SESSION_TAKEN', 'This checkout session is being paid by another customer');
}

import type { EventPayload } from '@bazaar/schemas';
import type { RelayAudience } from '@bazaar/server-kit';
import type { PaymentDb } from '../../db/tables.ts';
import { ADMIN_ROLES } from '../../admins.ts';
import { isPaidBySecretHolder, listSessionPayers } from '../checkout-sessions/access.ts';
import { findCustomerDids } from '../customers/service.ts';
import { findIntentCheckoutSessionIds } from '../payment-intents/service.ts';

const isAboutIntent = (payload: EventPayload) => payload.type.startsWith('payment_intent.');
const isAboutSession = (payload: EventPayload) => payload.type.startsWith('checkout.session.');
const isAboutCustomer = (payload: EventPayload) =>
  payload.type === 'customer.created' || payload.type === 'customer.updated';
/** Events every page may hear: a donation widget shows its target's totals to anyone. */
const isPublic = (payload: EventPayload) => payload.type === 'donation.updated';

/**
 * Who may hear each event on the relay, found with one query per table for the whole batch:
 * the user of the customer it concerns (a guest's `anonymous:` did matches no user), the page
 * paying the checkout session it is about (directly, or through the intent paying it) while
 * that session's secret proves its payer, and the kit's admins. A public event (a donation's new
 * totals, which name no one) goes to every socket on the channel.
 */
export async function relayAudiences(
  db: PaymentDb,
  payloads: readonly EventPayload[],
): Promise<RelayAudience[]> {
  const sessionOfIntent = await findIntentCheckoutSessionIds(
    db,
    payloads.filter(isAboutIntent).map((payload) => payload.data.id),
  );
  const sessionIds = payloads.map((payload) => {
    if (isAboutSession(payload)) return payload.data.id;
    return isAboutIntent(payload) ? (sessionOfIntent.get(payload.data.id) ?? null) : null;
  });
  const sessions = await listSessionPayers(
    db,
    sessionIds.filter((id) => id !== null),
  );
  const customerIds = payloads.map((payload, index) => {
    const named = isAboutCustomer(payload)
      ? payload.data.id
      : 'customer_id' in payload.data
        ? payload.data.customer_id
        : null;
    const sessionId = sessionIds[index];
    return named ?? (sessionId ? (sessions.get(sessionId)?.customerId ?? null) : null);
  });
  const dids = await findCustomerDids(
    db,
    customerIds.filter((id) => id !== null),
  );

  return payloads.map((payload, index) => {
    const customerId = customerIds[index];
    const sessionId = sessionIds[index];
    const did = customerId ? (dids.get(customerId) ?? null) : null;
    const secretHash = sessionId ? sessions.get(sessionId)?.secretHash : null;
    return {
      everyone: isPublic(payload),
      userDids: did ? [did] : [],
      roles: ADMIN_ROLES,
      secretHashes: secretHash && isPaidBySecretHolder(did) ? [secretHash] : [],
    };
  });
}

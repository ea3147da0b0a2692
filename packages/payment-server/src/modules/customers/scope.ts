import type { SessionUser } from '@bazaar/schemas';
import type { PaymentDb } from '../../db/tables.ts';
import { isPaymentAdmin } from '../../admins.ts';
import { findCustomerByDid } from './service.ts';

/** Whose objects a list may show: every customer's, one customer's, or nobody's. */
export type CustomerScope = { customerId: string | undefined } | null;

/**
 * The customer a list shows to `user` in this mode: an admin sees whom they ask for (everyone
 * when they name nobody) unless they ask for their `own`; a payer sees only their own customer,
 * so naming another answers an empty list rather than telling whether it exists. Null: there is
 * nothing to show.
 */
export async function listScope(
  db: PaymentDb,
  input: { user: SessionUser; livemode: boolean; customerId: string | undefined; own?: boolean | undefined },
): Promise<CustomerScope> {
  if (isPaymentAdmin(input.user) && !input.own) return { customerId: input.customerId };
  const own = await findCustomerByDid(db, input.user.did, input.livemode);
  if (!own || (input.customerId !== undefined && input.customerId !== own.id)) return null;
  return { customerId: own.id };
}

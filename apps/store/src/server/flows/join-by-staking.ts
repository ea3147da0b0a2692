import { userDidSchema, type SessionUser } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { inTransaction } from '../db/transaction.ts';
import type { StoreDeps } from '../deps.ts';
import {
  ALREADY_DEVELOPER_MESSAGE,
  findDeveloper,
  registerDeveloper,
  requireEnabledDeveloper,
} from '../modules/developers/index.ts';
import { getStoreSettings } from '../modules/settings/service.ts';
import {
  findStakeLink,
  recordStake,
  requirePayments,
  returnStakeNow,
  stakeLinkFor,
} from '../modules/stakes/service.ts';

/**
 * `POST /api/developer/stake`: the Payment Kit's payment link that takes the stake, for the
 * `/join` page to embed the kit's checkout. Only in staking mode, only for someone who is not a
 * developer (one who left may join again).
 */
export async function openStakeCheckout(
  deps: StoreDeps,
  user: SessionUser,
): Promise<{ paymentLinkId: string }> {
  const settings = await getStoreSettings(deps.db);
  if (settings.permissionMode !== 'staking') {
    throw new AppError('STAKING_CLOSED', 'This store admits developers by invitation, not by staking');
  }
  const developer = await findDeveloper(deps.db, user.did);
  if (developer?.status === 'revoked') await requireEnabledDeveloper(deps.db, user.did);
  if (developer?.status === 'enabled') throw new AppError('ALREADY_DEVELOPER', ALREADY_DEVELOPER_MESSAGE);
  return { paymentLinkId: await stakeLinkFor(deps, settings) };
}

/** Why a paid stake backs nobody and goes straight back; null when it registers its payer. */
async function returnReasonFor(deps: Pick<StoreDeps, 'db'>, payerDid: string | null): Promise<string | null> {
  if (!payerDid || !userDidSchema.safeParse(payerDid).success) {
    return 'Paid without signing in, so nobody could be registered';
  }
  const developer = await findDeveloper(deps.db, payerDid);
  if (developer?.status === 'enabled') return 'Paid by someone who already is a developer';
  if (developer?.status === 'revoked') return 'Paid by a developer a store admin revoked';
  return null;
}

/**
 * The Payment Kit said a checkout completed. If it paid one of the Store's stake links, the stake
 * is recorded and its payer becomes a developer (`via: 'staking'`), in one transaction and once
 * per checkout however often the event arrives. Any other checkout is none of this flow's business.
 */
export async function recordPaidStake(deps: StoreDeps, checkoutSessionId: string): Promise<void> {
  const checkout = await requirePayments(deps).retrieveCheckout(checkoutSessionId);
  const { invoiceId, paymentLinkId } = checkout;
  if (checkout.paymentStatus !== 'paid' || !invoiceId || !paymentLinkId) return;
  const link = await findStakeLink(deps.db, paymentLinkId);
  if (!link) return;
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    const returnReason = await returnReasonFor({ db: trx }, checkout.customerDid);
    const stakeId = await recordStake(trx, {
      checkout: { ...checkout, invoiceId },
      link,
      userDid: checkout.customerDid ?? '',
      now,
      returnReason,
    });
    if (!stakeId || returnReason) return;
    const did = checkout.customerDid!;
    try {
      await registerDeveloper(
        { db: trx, clock: deps.clock },
        { did, username: checkout.customerName?.trim() || did },
        { via: 'staking' },
      );
    } catch (error) {
      // Two stakes of one payer heard at once: the other registered them first.
      if (!(error instanceof AppError && ['ALREADY_DEVELOPER', 'DEVELOPER_REVOKED'].includes(error.code)))
        throw error;
      await returnStakeNow(trx, { id: stakeId, reason: error.message, now });
    }
  });
}

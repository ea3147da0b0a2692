import type { StoreDeveloper, StoreStake } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { inTransaction } from '../db/transaction.ts';
import type { StoreDeps } from '../deps.ts';
import { leaveAsDeveloper } from '../modules/developers/index.ts';
import { findLatestStake, scheduleStakeReturn } from '../modules/stakes/service.ts';

/**
 * `POST /api/developer/leave`: a developer who joined by staking leaves and asks for the stake
 * back. They stop being a developer at once; the stake goes back as the Payment Kit's
 * `stake_return` refund after STAKE_RETURN_WAIT_SECONDS, during which an admin who blocks one of
 * their apps may still slash it. Someone without a held stake (invited) has nothing to get back.
 */
export async function leaveStore(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  did: string,
): Promise<{ developer: StoreDeveloper; stake: StoreStake | null }> {
  return inTransaction(deps.db, async (trx) => {
    const scheduled = await scheduleStakeReturn(trx, { userDid: did, now: deps.clock.now() });
    if (scheduled === 0) {
      throw new AppError(
        'STAKE_NOT_HELD',
        'You hold no stake to get back: only developers who staked can leave this way',
      );
    }
    const developer = await leaveAsDeveloper({ db: trx, clock: deps.clock }, did);
    return { developer, stake: await findLatestStake(trx, did) };
  });
}

import type { StoreApp } from '@bazaar/schemas';
import { inTransaction } from '../db/transaction.ts';
import type { StoreDeps } from '../deps.ts';
import { blockApp } from '../modules/apps/service.ts';
import { setDeveloperStatus } from '../modules/developers/service.ts';
import { slashStakes } from '../modules/stakes/service.ts';

/**
 * An admin blocks an app, and with `slashStake` keeps its developer's stake (held, or still
 * waiting to go back): the stake no longer backs them, so they are revoked with the same reason.
 * One transaction: an app is never blocked with its stake half slashed.
 */
export async function blockAppAndSlash(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { did: string; reason: string; slashStake: boolean; adminDid: string },
): Promise<StoreApp> {
  return inTransaction(deps.db, async (trx) => {
    const trxDeps = { db: trx, clock: deps.clock };
    const app = await blockApp(trxDeps, input);
    if (!input.slashStake) return app;
    const reason = `Stake slashed: ${input.reason}`;
    const slashed = await slashStakes(trx, { userDid: app.ownerDid, reason, now: deps.clock.now() });
    if (slashed > 0) {
      await setDeveloperStatus(trxDeps, {
        did: app.ownerDid,
        change: { status: 'revoked', reason: reason.slice(0, 255) },
        actorDid: input.adminDid,
      });
    }
    return app;
  });
}

import { randomToken, type SessionUser } from '@bazaar/schemas';
import { AppError, sha256Hex } from '@bazaar/server-kit';
import {
  claimSetting,
  deleteSettingIfValue,
  findSetting,
  findUserByDid,
  saveSetting,
  setUserRole,
} from './repository.ts';
import { OWNER_CLAIM_KEY, toSessionUser, type UserServiceDeps } from './service.ts';

const SETUP_CODE_KEY = 'owner_setup_code_hash';
/** 20 characters of 62: about 119 bits, so guessing is hopeless and needs no attempt counter. */
const SETUP_CODE_LENGTH = 20;

/**
 * A fresh one-time code that makes its presenter the owner, for a live install nobody owns yet;
 * null once someone does. Only its hash is stored, and each start replaces the last one, so the
 * code printed by the latest start is the one that works.
 */
export async function issueSetupCode(deps: UserServiceDeps): Promise<string | null> {
  if (await findSetting(deps.db, OWNER_CLAIM_KEY)) return null;
  const code = randomToken(SETUP_CODE_LENGTH);
  await saveSetting(deps.db, SETUP_CODE_KEY, sha256Hex(code));
  return code;
}

/**
 * Makes the signed-in user the owner when `code` is the setup code. The code is spent by a
 * conditional delete in the same transaction as the owner claim, so of two people presenting
 * it at once exactly one becomes owner.
 */
export async function claimOwnership(
  deps: UserServiceDeps,
  input: { userDid: string; code: string },
): Promise<SessionUser> {
  const completed = () => new AppError('SETUP_COMPLETED', 'This platform already has an owner');
  return deps.db.transaction().execute(async (trx) => {
    if (!(await deleteSettingIfValue(trx, SETUP_CODE_KEY, sha256Hex(input.code)))) {
      // Asked after the delete, which on PostgreSQL waits for a claim presenting the code at the
      // same moment: the loser then sees the platform owned, not a wrong code.
      throw (await findSetting(trx, OWNER_CLAIM_KEY))
        ? completed()
        : new AppError('SETUP_CODE_INVALID', 'The setup code is not correct');
    }
    if (!(await claimSetting(trx, OWNER_CLAIM_KEY, input.userDid))) throw completed();
    await setUserRole(trx, input.userDid, 'owner');
    const user = await findUserByDid(trx, input.userDid);
    if (!user) throw new AppError('UNAUTHENTICATED', 'The signed-in account no longer exists');
    return toSessionUser(user);
  });
}

import type { SessionUser } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { findUserByDid, setWalletIfUnset } from './repository.ts';
import { toSessionUser, type UserServiceDeps } from './service.ts';
import { verifySignedMessage, type SignedMessage } from './siwe.ts';

/**
 * Binds the wallet that signed the EIP-4361 message to a signed-in user (who keeps their did).
 * One account holds one wallet and one wallet one account; binding the same wallet again is a
 * no-op. The unique index on the address settles two accounts racing for one wallet.
 */
export async function bindWallet(
  deps: UserServiceDeps,
  input: SignedMessage & { userDid: string },
): Promise<SessionUser> {
  const { address } = await verifySignedMessage(deps, input);
  const binding = await setWalletIfUnset(deps.db, input.userDid, address);
  const user = await findUserByDid(deps.db, input.userDid);
  if (!user) throw new AppError('UNAUTHENTICATED', 'The signed-in account no longer exists');
  if (user.wallet_address === address) return toSessionUser(user);
  if (binding === 'wallet_in_use')
    throw new AppError('WALLET_IN_USE', 'This wallet belongs to another account');
  throw new AppError('WALLET_ALREADY_BOUND', `This account already has the wallet ${user.wallet_address}`);
}

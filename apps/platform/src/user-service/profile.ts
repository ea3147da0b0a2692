import type { SessionUser } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { setUserName } from './repository.ts';
import { toSessionUser, type UserServiceDeps } from './service.ts';

/** Renames the signed-in user; the body schema has trimmed the name and bounded its length. */
export async function updateProfile(
  deps: Pick<UserServiceDeps, 'db'>,
  input: { userDid: string; fullName: string },
): Promise<SessionUser> {
  const user = await setUserName(deps.db, input.userDid, input.fullName);
  if (!user) throw new AppError('UNAUTHENTICATED', 'The signed-in account no longer exists');
  return toSessionUser(user);
}

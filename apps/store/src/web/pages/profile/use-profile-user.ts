import { useShell } from '@bazaar/platform-shell';
import type { SessionUser } from '@bazaar/schemas';
import { useCallback } from 'react';

export type ProfileView =
  { state: 'loading' } | { state: 'signedOut' } | { state: 'ready'; user: SessionUser };

/**
 * The signed-in user, as the platform shell reads it from `GET …/user/session`. After a change
 * the session is read again rather than patched here, so the header's name and picture and this
 * page never disagree.
 */
export function useProfileUser() {
  const { user, refreshSession } = useShell();
  const view: ProfileView =
    user === undefined
      ? { state: 'loading' }
      : user === null
        ? { state: 'signedOut' }
        : { state: 'ready', user };
  const onSaved = useCallback((_user: SessionUser) => refreshSession(), [refreshSession]);
  return { view, onSaved };
}

import type { SessionUser } from '@bazaar/schemas';
import { useEffect, useState } from 'react';

/** The signed-in user (`null` when signed out, `undefined` while loading). */
export function useSessionUser(): SessionUser | null | undefined {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/.well-known/service/user/session', { signal: controller.signal, credentials: 'same-origin' })
      .then((response) => (response.ok ? response.json() : { user: null }))
      .then((body: { user: SessionUser | null }) => setUser(body.user))
      .catch(() => setUser(null));
    return () => controller.abort();
  }, []);
  return user;
}

import type { MessageKey } from '@bazaar/i18n';
import type { SessionUser } from '@bazaar/schemas';
import { useCallback, useState } from 'react';

/** How the last change went; worded at render, so switching language rewords it. */
export type ProfileNotice = { severity: 'success'; text: MessageKey } | { severity: 'error'; error: unknown };

/**
 * Runs one kind of profile change (rename, upload, remove): whether it is under way, and how
 * the last one went. A change answers the user as it now reads, which goes to `onSaved`.
 */
export function useProfileChange(onSaved: (user: SessionUser) => void) {
  const [isPending, setIsPending] = useState(false);
  const [notice, setNotice] = useState<ProfileNotice | null>(null);

  const run = useCallback(
    async (change: () => Promise<SessionUser>, success: MessageKey) => {
      setIsPending(true);
      setNotice(null);
      try {
        onSaved(await change());
        setNotice({ severity: 'success', text: success });
      } catch (error) {
        setNotice({ severity: 'error', error });
      } finally {
        setIsPending(false);
      }
    },
    [onSaved],
  );
  const fail = useCallback((error: unknown) => setNotice({ severity: 'error', error }), []);
  return { isPending, notice, run, fail };
}

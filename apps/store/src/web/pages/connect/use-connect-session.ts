import { useShell } from '@bazaar/platform-shell';
import { cliConnectSessionIdSchema, type CliConnectInfo, type StorePermissionMode } from '@bazaar/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { hasStoreErrorCode } from '../../api/store-api.ts';
import { useStoreInfo } from '../../api/use-store-info.ts';
import { connectSessionKey, decideConnectSession, fetchConnectSession } from './connect-api.ts';

/** What the connect page shows, one state at a time. */
export type ConnectView =
  | { state: 'loading' }
  | { state: 'signedOut' }
  | { state: 'invalid' }
  | { state: 'failed'; error: unknown }
  | { state: 'notDeveloper'; permissionMode: StorePermissionMode }
  | { state: 'revoked' }
  | { state: 'pending'; session: CliConnectInfo; isDeciding: boolean; error: unknown }
  | { state: 'approved'; tokenName: string | null }
  | { state: 'denied' };

/**
 * The connect session `?session=` names, for the signed-in user, and their decision on it. A
 * missing, malformed, unknown, expired or spent session reads as `invalid` ("Invalid Session").
 */
export function useConnectSession(sessionParam: string | null) {
  const { user } = useShell();
  const parsed = cliConnectSessionIdSchema.safeParse(sessionParam);
  const id = parsed.success ? parsed.data : null;
  const session = useQuery({
    queryKey: connectSessionKey(id ?? ''),
    queryFn: () => fetchConnectSession(id!),
    enabled: id !== null && Boolean(user),
  });
  const storeInfo = useStoreInfo();
  const decision = useMutation({
    mutationFn: (choice: 'approve' | 'deny') => decideConnectSession(id!, choice),
  });

  const view = ((): ConnectView => {
    if (id === null) return { state: 'invalid' };
    if (user === undefined) return { state: 'loading' };
    if (user === null) return { state: 'signedOut' };
    if (decision.data) {
      return decision.data.status === 'approved'
        ? { state: 'approved', tokenName: decision.data.tokenName }
        : { state: 'denied' };
    }
    if (hasStoreErrorCode(session.error, 'CONNECT_SESSION_INVALID')) return { state: 'invalid' };
    if (hasStoreErrorCode(decision.error, 'CONNECT_SESSION_INVALID')) return { state: 'invalid' };
    if (session.error) return { state: 'failed', error: session.error };
    if (!session.data) return { state: 'loading' };
    const { developer } = session.data;
    if (!developer) {
      return { state: 'notDeveloper', permissionMode: storeInfo.data?.permissionMode ?? 'invitation' };
    }
    if (developer.status !== 'enabled') return { state: 'revoked' };
    if (session.data.status === 'approved') return { state: 'approved', tokenName: null };
    if (session.data.status === 'denied') return { state: 'denied' };
    return { state: 'pending', session: session.data, isDeciding: decision.isPending, error: decision.error };
  })();

  return {
    view,
    approve: () => decision.mutate('approve'),
    deny: () => decision.mutate('deny'),
    retry: () => void session.refetch(),
  };
}

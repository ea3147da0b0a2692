import type { StoredConnectStatus } from './repository.ts';

/**
 * A connect session as its callers see it: what is stored, except that any session not yet
 * collected is `expired` once past its time (an approved one too: its sealed token is no
 * longer handed out).
 */
export type ConnectSessionState = 'pending' | 'approved' | 'denied' | 'expired' | 'consumed';

export function connectSessionState(
  session: { status: string; expires_at: number },
  now: number,
): ConnectSessionState {
  const status = session.status as StoredConnectStatus;
  if (status === 'consumed') return 'consumed';
  if (session.expires_at <= now) return 'expired';
  return status;
}

/** Only a pending session may be approved or denied. */
export function canDecide(state: ConnectSessionState): boolean {
  return state === 'pending';
}

import type { ReactNode } from 'react';
import { useDeveloperMe } from '../../api/use-developer-me.ts';
import { LoadFailed, Loading } from '../../components/query-state.tsx';
import { NoDeveloperPrompt, RevokedNotice } from './developer-prompts.tsx';

/** Its children for an enabled developer; the way to register, or the revocation, for anyone else. */
export function DeveloperGate({ children }: { children: ReactNode }) {
  const me = useDeveloperMe();
  if (!me.data)
    return me.error ? <LoadFailed error={me.error} onRetry={() => void me.refetch()} /> : <Loading />;
  const { developer, permissionMode } = me.data;
  if (!developer || developer.status === 'left') return <NoDeveloperPrompt permissionMode={permissionMode} />;
  if (developer.status === 'revoked') return <RevokedNotice developer={developer} />;
  return children;
}

import { useShell } from '@bazaar/platform-shell';
import { Alert, Stack } from '@mui/material';
import { Navigate } from 'react-router';
import { useDeveloperMe } from '../../api/use-developer-me.ts';
import { useStoreInfo } from '../../api/use-store-info.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { LoadFailed, Loading } from '../../components/query-state.tsx';
import { AlreadyDeveloperPanel, RevokedNotice } from '../developer/developer-prompts.tsx';
import { JoinSteps } from './join-steps.tsx';
import { StakeStatus } from './stake-status.tsx';

/**
 * `/join`: developer registration, present only when the Store admits developers by staking;
 * otherwise it goes home, replacing the history entry. A developer is told they already are one,
 * and anyone who staked sees what became of the stake (a developer holding one may leave).
 */
export function JoinPage() {
  const { t, user } = useShell();
  const info = useStoreInfo();
  const me = useDeveloperMe();
  if (!info.data) {
    return info.error ? <LoadFailed error={info.error} onRetry={() => void info.refetch()} /> : <Loading />;
  }
  const { permissionMode, stakeAmount, stakeCurrency } = info.data;
  if (permissionMode !== 'staking') return <Navigate to="/" replace />;
  // A signed-in user's record decides what the page offers; a visitor has none to wait for.
  if (user === undefined || me.isLoading) return <Loading />;
  const developer = me.data?.developer ?? null;
  const stake = me.data?.stake ?? null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeading title={t('store.join.title')} subtitle={t('store.join.subtitle')} />
      {developer?.status === 'enabled' ? (
        <AlreadyDeveloperPanel />
      ) : developer?.status === 'revoked' ? (
        <RevokedNotice developer={developer} />
      ) : developer?.status === 'left' ? (
        <Alert severity="info">{t('store.join.left')}</Alert>
      ) : null}
      {stake ? <StakeStatus stake={stake} developer={developer} /> : null}
      {developer === null || developer.status === 'left' ? (
        <JoinSteps stake={{ amount: stakeAmount, currency: stakeCurrency }} />
      ) : null}
    </Stack>
  );
}

import { useLocale } from '@bazaar/platform-shell';
import { STAKE_RETURN_WAIT_SECONDS, type StoreDeveloper, type StoreStake } from '@bazaar/schemas';
import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { apiErrorText } from '../../components/api-error-text.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDate } from '../../components/format-date.ts';
import { useLeaveStore } from './use-stake.ts';

const SECONDS_PER_DAY = 86_400;

function stakeText(t: ReturnType<typeof useLocale>['t'], stake: StoreStake): string {
  const params = { amount: stake.amount, currency: stake.currency };
  switch (stake.status) {
    case 'held':
      return t('store.join.stake.held', params);
    case 'returning':
      return t('store.join.stake.returning', { ...params, date: formatDate(stake.returnAfter ?? 0) });
    case 'returned':
      return t('store.join.stake.returned', params);
    case 'slashed':
      return t('store.join.stake.slashed', params);
  }
}

/**
 * What became of the user's stake, and for a developer whose stake is held the way out: leaving
 * starts the wait after which the stake goes back.
 */
export function StakeStatus({ stake, developer }: { stake: StoreStake; developer: StoreDeveloper | null }) {
  const { t } = useLocale();
  const leave = useLeaveStore();
  const [isConfirming, setIsConfirming] = useState(false);
  const canLeave = developer?.status === 'enabled' && stake.status === 'held';
  return (
    <Box>
      <Alert severity={stake.status === 'slashed' ? 'warning' : 'info'} role="status">
        {stakeText(t, stake)}
      </Alert>
      {canLeave ? (
        <Button color="error" sx={{ mt: 2 }} onClick={() => setIsConfirming(true)}>
          {t('store.join.leave.action')}
        </Button>
      ) : null}
      {isConfirming ? (
        <ConfirmDialog
          title={t('store.join.leave.title')}
          description={t('store.join.leave.description', {
            days: STAKE_RETURN_WAIT_SECONDS / SECONDS_PER_DAY,
          })}
          confirmLabel={t('store.join.leave.confirm')}
          isDestructive
          isBusy={leave.isPending}
          errorText={leave.error ? apiErrorText(t, leave.error) : null}
          onConfirm={() => leave.mutate(undefined, { onSuccess: () => setIsConfirming(false) })}
          onClose={() => setIsConfirming(false)}
        />
      ) : null}
    </Box>
  );
}

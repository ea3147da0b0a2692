import { currentAddress, signInAddress, useShell } from '@bazaar/platform-shell';
import { Alert, Box, Button, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useDeveloperMe } from '../../api/use-developer-me.ts';
import { apiErrorText, type ErrorCodeTexts } from '../../components/api-error-text.ts';
import { Loading } from '../../components/query-state.tsx';
import { useOpenStake } from './use-stake.ts';

const InlineCheckout = lazy(async () => ({
  default: (await import('../../components/inline-checkout.tsx')).InlineCheckout,
}));

const STAKE_ERROR_TEXTS: ErrorCodeTexts = {
  ALREADY_DEVELOPER: 'store.developer.already.title',
  STAKING_CLOSED: 'store.join.closed',
  CURRENCY_UNKNOWN: 'store.join.closed',
};

/** How often the page asks whether the paid stake registered the payer yet. */
const CONFIRM_POLL_MS = 1_000;

/**
 * The last step of joining: a visitor signs in; a signed-in user opens the Payment Kit's checkout
 * of the stake, embedded here, and pays it with any method it offers. Once paid, the Store hears
 * of it from the kit and registers them; the page reads their record until it shows.
 */
export function StakePayment({ onBack }: { onBack(): void }) {
  const { t, user } = useShell();
  const open = useOpenStake();
  const [isPaid, setIsPaid] = useState(false);
  useDeveloperMe({ refetchIntervalMs: isPaid ? CONFIRM_POLL_MS : false });

  if (!user) {
    return (
      <Box>
        <Button variant="contained" href={signInAddress(currentAddress())}>
          {t('store.join.pay.signIn')}
        </Button>
      </Box>
    );
  }
  if (isPaid) {
    return (
      <Alert severity="success" role="status">
        {t('store.join.pay.confirming')}
      </Alert>
    );
  }
  if (open.data) {
    return (
      <Box component="section" aria-label={t('store.join.pay.title')}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 2 }}>
          {t('store.join.pay.title')}
        </Typography>
        <Suspense fallback={<Loading />}>
          <InlineCheckout paymentLinkId={open.data.paymentLinkId} onPaid={() => setIsPaid(true)} />
        </Suspense>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button variant="contained" onClick={() => open.mutate()} disabled={open.isPending}>
        {t('store.join.pay.title')}
      </Button>
      <Button onClick={onBack} disabled={open.isPending}>
        {t('common.cancel')}
      </Button>
      {open.error ? (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {apiErrorText(t, open.error, STAKE_ERROR_TEXTS)}
        </Alert>
      ) : null}
    </Box>
  );
}

import { currentAddress, signInAddress, useShell } from '@bazaar/platform-shell';
import type { AppPage } from '@bazaar/schemas';
import { Alert, Button, Chip, CircularProgress, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { formatAppPrice } from '../../components/apps/app-price-chip.tsx';
import { appBundleUrl } from '../../components/apps/app-page-path.ts';
import { apiErrorText } from '../../components/api-error-text.ts';
import { BuyAppDialog } from './buy-app-dialog.tsx';
import { useAppPurchase, useOpenAppCheckout } from './use-app-purchase.ts';

/** The version shown, from the Store: the published one by its short address, any other by its own. */
function DownloadButton({ app }: { app: AppPage }) {
  const { t } = useShell();
  const version = app.version === app.currentVersion ? null : app.version;
  return (
    <Button variant="contained" href={appBundleUrl(app.did, version)} download>
      {t('store.visitor.action.download')}
    </Button>
  );
}

function ActionColumn({ children }: { children: ReactNode }) {
  return (
    <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, flexShrink: 0 }}>
      {children}
    </Stack>
  );
}

/**
 * A paid app: its buyers (holding an active licence) and managers download it; a signed-in visitor
 * buys it through the Payment Kit's checkout in a dialog, after which the page waits for the
 * licence; a visitor who is not signed in is sent to sign in and back here.
 */
function PaidAppActions({ app, price }: { app: AppPage; price: NonNullable<AppPage['price']> }) {
  const { t, user } = useShell();
  const [isBuying, setIsBuying] = useState(false);
  const [isPaid, setIsPaid] = useState(false);
  const purchase = useAppPurchase(app.did, { isAwaitingLicence: isPaid });
  const checkout = useOpenAppCheckout(app.did);

  if (user === null) {
    return (
      <ActionColumn>
        <Button variant="contained" href={signInAddress(currentAddress())}>
          {t('store.visitor.action.signInToBuy', { price: formatAppPrice(price) })}
        </Button>
      </ActionColumn>
    );
  }
  if (!purchase.data) {
    return purchase.error ? (
      <Alert severity="error">{apiErrorText(t, purchase.error)}</Alert>
    ) : (
      <CircularProgress size={24} aria-label={t('common.loading')} />
    );
  }
  const isLicensed = purchase.data.licence?.status === 'active';
  if (isLicensed || purchase.data.owned) {
    return (
      <ActionColumn>
        {isLicensed ? (
          <Chip
            color="success"
            label={t('store.visitor.action.purchased')}
            sx={{ alignSelf: { sm: 'flex-end' } }}
          />
        ) : null}
        <DownloadButton app={app} />
      </ActionColumn>
    );
  }
  const buy = () => {
    setIsBuying(true);
    if (!checkout.data) checkout.mutate();
  };
  return (
    <ActionColumn>
      <Button variant="contained" onClick={buy}>
        {t('store.visitor.action.buy', { price: formatAppPrice(price) })}
      </Button>
      {isBuying ? (
        <BuyAppDialog
          title={t('store.visitor.buy.title', { title: app.title })}
          checkout={checkout}
          isPaid={isPaid}
          onPaid={() => setIsPaid(true)}
          onClose={() => setIsBuying(false)}
        />
      ) : null}
    </ActionColumn>
  );
}

/** What a visitor can do with the app: download a free one; buy a paid one, or download it once theirs. */
export function AppActions({ app }: { app: AppPage }) {
  // Nothing is published yet (a manager looking at an upload): there is nothing to hand out.
  if (app.currentVersion === null) return null;
  return app.price ? (
    <PaidAppActions app={app} price={app.price} />
  ) : (
    <ActionColumn>
      <DownloadButton app={app} />
    </ActionColumn>
  );
}

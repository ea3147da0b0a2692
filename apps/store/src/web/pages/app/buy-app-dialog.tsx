import { useShell } from '@bazaar/platform-shell';
import type { OpenAppCheckoutResponse } from '@bazaar/schemas';
import { Alert, Button } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { apiErrorText, type ErrorCodeTexts } from '../../components/api-error-text.ts';
import { Loading } from '../../components/query-state.tsx';
import { ResponsiveDialog } from '../../components/responsive-dialog.tsx';

const InlineCheckout = lazy(async () => ({
  default: (await import('../../components/inline-checkout.tsx')).InlineCheckout,
}));

/** The spec's dialog width for a checkout. */
const DIALOG_WIDTH_PX = 680;

const BUY_ERROR_TEXTS: ErrorCodeTexts = {
  APP_BLOCKED: 'store.apps.blocked.title',
};

interface BuyAppDialogProps {
  title: string;
  /** The Store's answer to "buy": the payment link whose checkout is embedded. */
  checkout: UseMutationResult<OpenAppCheckoutResponse, unknown, void>;
  isPaid: boolean;
  onPaid(): void;
  onClose(): void;
}

/**
 * The Payment Kit's checkout of an app, 680 px wide (the whole screen on a phone). Only Cancel
 * closes it: Escape or a click beside it would lose a payment under way. Once paid it says the
 * licence is on its way; the page replaces it with the download when the licence arrives.
 */
export function BuyAppDialog({ title, checkout, isPaid, onPaid, onClose }: BuyAppDialogProps) {
  const { t } = useShell();
  let content;
  if (isPaid) {
    content = (
      <Alert severity="success" role="status">
        {t('store.visitor.buy.confirming')}
      </Alert>
    );
  } else if (checkout.data) {
    content = (
      <Suspense fallback={<Loading />}>
        <InlineCheckout paymentLinkId={checkout.data.paymentLinkId} onPaid={onPaid} />
      </Suspense>
    );
  } else if (checkout.error) {
    content = <Alert severity="error">{apiErrorText(t, checkout.error, BUY_ERROR_TEXTS)}</Alert>;
  } else {
    content = <Loading />;
  }
  return (
    <ResponsiveDialog
      title={title}
      isLocked
      onClose={onClose}
      widthPx={DIALOG_WIDTH_PX}
      actions={<Button onClick={onClose}>{t(isPaid ? 'store.close' : 'common.cancel')}</Button>}
    >
      {content}
    </ResponsiveDialog>
  );
}

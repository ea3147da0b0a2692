import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { StartCheckoutResponse } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { CheckoutSkeleton } from '../checkout/checkout-skeleton.tsx';
import { TestModeBadge } from '../primitives/test-mode-badge.tsx';
import { usePaymentContext } from '../provider/payment-context.ts';
import { AVATAR_SIZE, SupporterAvatars, TOOLBAR_AVATARS } from './supporter-avatars.tsx';
import type { Donation } from './use-donation.ts';

/** The checkout is loaded when a dialog first opens, so a page showing the button carries none of it. */
const CheckoutForm = lazy(() =>
  import('../checkout/checkout-form.tsx').then((module) => ({ default: module.CheckoutForm })),
);

/** The dialog closes this long after a donation is paid, unless the host says otherwise. */
export const DEFAULT_CLOSE_TIMEOUT_MS = 5_000;
export const DIALOG_WIDTH = 680;

export interface DonateDialogProps {
  open: boolean;
  title: string;
  livemode: boolean;
  donation: Donation;
  /** The owner's controls beside the title (the settings icon). */
  adminAction: ReactNode;
  isPhone: boolean;
  timeout: number;
  onClose: () => void;
  onPaid?: (checkout: StartCheckoutResponse) => void;
  onError?: (error: unknown) => void;
}

/**
 * The donation checkout in a dialog 680 px wide. Only Cancel closes it (Escape and clicks
 * outside would lose a payment under way); once paid, the supporters are reread and it closes
 * after `timeout`. A paid session is forgotten, so the next donation starts a fresh one.
 */
export function DonateDialog(props: DonateDialogProps) {
  const { open, title, livemode, donation, isPhone, timeout, onClose, onPaid, onError } = props;
  const { t } = usePaymentContext();
  const queryClient = useQueryClient();
  const [paidAt, setPaidAt] = useState<number | null>(null);
  const paymentLinkId = donation.link.data?.payment_link_id;

  useEffect(() => {
    if (paidAt === null) return;
    const timer = setTimeout(onClose, timeout);
    return () => clearTimeout(timer);
  }, [paidAt, timeout, onClose]);

  const handlePaid = (checkout: StartCheckoutResponse) => {
    donation.reload();
    setPaidAt(Date.now());
    onPaid?.(checkout);
  };
  const handleExited = () => {
    if (paidAt === null || !paymentLinkId) return;
    queryClient.removeQueries({ queryKey: queryKeys.checkout(paymentLinkId) });
    setPaidAt(null);
  };

  const totals = donation.totals;
  return (
    <Dialog
      open={open}
      fullScreen={isPhone}
      maxWidth={false}
      aria-labelledby="donate-dialog-title"
      slotProps={{
        paper: { sx: { width: isPhone ? '100%' : DIALOG_WIDTH, maxWidth: '100%' } },
        transition: { onExited: handleExited },
      }}
    >
      <DialogTitle id="donate-dialog-title" component="div">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" noWrap sx={{ minWidth: 0 }}>
            {title}
          </Typography>
          {livemode ? null : <TestModeBadge />}
          <Stack direction="row" spacing={1} sx={{ ml: 'auto !important', alignItems: 'center' }}>
            {!isPhone && totals && totals.count > 0 ? (
              <SupporterAvatars
                supporters={donation.supporters}
                count={totals.count}
                max={TOOLBAR_AVATARS}
                size={AVATAR_SIZE.toolbar}
              />
            ) : null}
            {props.adminAction}
          </Stack>
        </Stack>
      </DialogTitle>
      <DialogContent>
        {paymentLinkId ? (
          <Suspense fallback={<CheckoutSkeleton isSummaryHidden />}>
            <CheckoutForm id={paymentLinkId} mode="inline-minimal" onPaid={handlePaid} onError={onError} />
          </Suspense>
        ) : (
          <CheckoutSkeleton isSummaryHidden />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { PaymentErrorEvent } from '../events/payment-events.ts';
import { usePaymentContext } from '../provider/payment-context.ts';

/** The cross-sell panel answers this code by shaking; a toast would say the same thing twice. */
const SHOWN_IN_PLACE = new Set(['REQUIRE_CROSS_SELL']);
const TOAST_DURATION_MS = 6_000;

/** Shows every broadcast `error.{code}` as a toast at the top, where a phone's pay button cannot cover it. */
export function ErrorToast() {
  const { events } = usePaymentContext();
  const [toast, setToast] = useState<(PaymentErrorEvent & { key: number }) | null>(null);
  const [isOpen, setIsOpen] = useState(false);

  useEffect(
    () =>
      events.on((event) => {
        if (SHOWN_IN_PLACE.has(event.code)) return;
        setToast({ ...event, key: Date.now() });
        setIsOpen(true);
      }),
    [events],
  );

  return (
    <Snackbar
      key={toast?.key}
      open={isOpen && toast !== null}
      autoHideDuration={TOAST_DURATION_MS}
      onClose={(_event, reason) => (reason === 'clickaway' ? undefined : setIsOpen(false))}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        severity="error"
        variant="filled"
        onClose={() => setIsOpen(false)}
        sx={{ whiteSpace: 'pre-line' }}
      >
        {toast?.text}
      </Alert>
    </Snackbar>
  );
}

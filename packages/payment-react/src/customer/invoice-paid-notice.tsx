import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslate } from '../provider/payment-context.ts';

const NOTICE_DURATION_MS = 4_000;

/** "Invoice paid", for a moment, when the relay says one of the listed customer's invoices was paid. */
export function InvoicePaidNotice({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Snackbar
      open={isOpen}
      autoHideDuration={NOTICE_DURATION_MS}
      onClose={(_event, reason) => (reason === 'clickaway' ? undefined : onClose())}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="success" variant="filled" onClose={onClose}>
        {t('payment.invoiceList.paid')}
      </Alert>
    </Snackbar>
  );
}

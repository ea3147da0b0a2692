import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { ApiError, extractErrorText, useTranslate } from '@bazaar/payment-react';

/**
 * An object's page while the object loads, or why it did not: an unknown id, or one of the other
 * mode's objects, is a 404 and says `notFoundText` rather than the server's words.
 */
export function DetailLoadState({ error, notFoundText }: { error: unknown; notFoundText: string }) {
  const t = useTranslate();
  if (!error) return <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />;
  if (error instanceof ApiError && error.status === 404)
    return <Alert severity="warning">{notFoundText}</Alert>;
  return (
    <Alert severity="error">{t('payment.admin.loadFailed', { reason: extractErrorText(error, t) })}</Alert>
  );
}

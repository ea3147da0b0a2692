import { useLocale } from '@bazaar/platform-shell';
import { Alert, Button, CircularProgress } from '@mui/material';
import { apiErrorText, type ErrorCodeTexts } from './api-error-text.ts';

/** A list or form still loading. */
export function Loading() {
  const { t } = useLocale();
  return <CircularProgress aria-label={t('common.loading')} />;
}

interface LoadFailedProps {
  error: unknown;
  onRetry(): void;
  texts?: ErrorCodeTexts;
}

/** What went wrong reading something, with a way to try again. */
export function LoadFailed({ error, onRetry, texts }: LoadFailedProps) {
  const { t } = useLocale();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {apiErrorText(t, error, texts)}
    </Alert>
  );
}
